/**
 * 'Log out everywhere else' in the core, on both dialects: it spares the calling session, and a caller with
 * no session of its own (a device token, or a core call made without one) ends nothing.
 */

import { asWeb, createSyncFixture, type SyncFixture } from "@portfolio/testing/core/sync-fixture.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSession, endOtherOwnSessions, resolveSession } from "./sessions.service.ts";

let f: SyncFixture;
beforeEach(async () => {
  f = await createSyncFixture();
});
afterEach(async () => {
  await f.close();
});

async function sessionOf(userId: string) {
  const token = await createSession(f.core, f.core.db, userId, "Test browser");
  const actor = await resolveSession(f.core, token);
  if (!actor) throw new Error("the session did not resolve");
  return { token, actor };
}

describe("endOtherOwnSessions", () => {
  it("ends the caller's other sessions and spares the calling one", async () => {
    const other = await sessionOf(f.owner.id);
    const caller = await sessionOf(f.owner.id);
    expect(await endOtherOwnSessions(f.core, caller.actor)).toEqual({ ended: 1 });
    expect(await resolveSession(f.core, other.token)).toBeNull();
    expect(await resolveSession(f.core, caller.token)).not.toBeNull();
  });

  it("refuses a device token and a caller without a session, and ends nothing", async () => {
    const kept = await sessionOf(f.owner.id);
    const refusal = "Ending your other sessions needs a browser session.";
    await expect(endOtherOwnSessions(f.core, f.owner)).rejects.toThrow(refusal);
    await expect(endOtherOwnSessions(f.core, asWeb(f.owner))).rejects.toThrow(refusal);
    expect(await resolveSession(f.core, kept.token)).not.toBeNull();
  });
});
