/**
 * `pnpm audit:verify` (portfolio-server audit-verify): the same check and answer as the API, with the
 * server's environment; it never creates a key of its own. docs/security.md, promise 32.
 */
// docs/security.md, promise 32

import { startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tamperAuditLog } from "../test/tamper.ts";
import { runAuditVerify } from "./audit-verify.ts";

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

describe("audit-verify", () => {
  it("prints the chain's state and the API's answer, then the first bad entry once it is broken", async () => {
    const lines: string[] = [];
    const whole = await runAuditVerify(server.config, undefined, (line) => lines.push(line));
    expect(whole).toMatchObject({ ok: true, entries: 1 });
    expect(lines[0]).toMatch(/^Audit log intact: 1 entries; head [0-9a-f-]+:[0-9a-f]{64}\.$/);
    expect(JSON.parse(lines[1] ?? "")).toEqual(whole);

    const [entry] = await server.core.db.selectFrom("audit_log").select("id").execute();
    await tamperAuditLog(server.config.databaseUrl, (trx) =>
      trx.updateTable("audit_log").set({ actor_name: "someone else" }).execute(),
    );
    lines.length = 0;
    const broken = await runAuditVerify(server.config, undefined, (line) => lines.push(line));
    expect(broken).toEqual({
      ok: false,
      entries: 0,
      firstBadId: entry?.id,
      reason: "This entry was changed after it was written.",
    });
    expect(lines[0]).toBe(
      `Audit log BROKEN at entry ${entry?.id} (after 0 good entries): This entry was changed after it was written.`,
    );
  });

  it("refuses to run without the key rather than make a new one", async () => {
    const config = { ...server.config, audit: { key: undefined, file: `${server.config.audit.file}.missing` } };
    await expect(runAuditVerify(config, undefined, () => {})).rejects.toThrow(
      `No audit key: set AUDIT_KEY, or run this where the server keeps ${config.audit.file}.`,
    );
  });
});
