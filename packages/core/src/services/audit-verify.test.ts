/**
 * Verification is bounded (docs/security.md, staff): callers asking while a walk runs share it, so nobody
 * who may read the log can keep a core busy by asking many times at once.
 */

import { createTestCore, type TestCore } from "@portfolio/testing/core/test-core.ts";
import type { KyselyPlugin } from "kysely";
import { afterEach, beforeEach, expect, it } from "vitest";
import { recordAudit } from "./audit.service.ts";
import { verifyAuditLog } from "./audit-log.service.ts";
import type { Actor } from "./context.ts";

let core: TestCore;
beforeEach(async () => {
  core = await createTestCore();
});
afterEach(async () => {
  await core.close();
});

const OWNER: Actor = { kind: "system", reason: "test" };

/** The same core, with every query it sends counted. */
function counting(): { core: TestCore; queries: () => number } {
  let queries = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      queries++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { core: { ...core, db: core.db.withPlugin(plugin) }, queries: () => queries };
}

it("runs one walk for callers asking at once", async () => {
  for (let i = 0; i < 5; i++) {
    await recordAudit(core, core.db, OWNER, { action: "project.edit", targetType: "project" });
  }
  const owner: Actor = { kind: "user", id: "owner-id", username: "owner", permissions: ["override:owner"] };
  const alone = counting();
  const one = await verifyAuditLog(alone.core, owner, {});
  const together = counting();
  const answers = await Promise.all(Array.from({ length: 5 }, () => verifyAuditLog(together.core, owner, {})));
  expect(answers).toEqual(Array.from({ length: 5 }, () => one));
  expect(together.queries()).toBe(alone.queries());
});
