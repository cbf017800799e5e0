/** A user's device tokens as staff see and revoke them (docs/security.md, promise 26), on both dialects. */

import {
  addUser,
  asWeb,
  call,
  createSyncFixture,
  type SyncFixture,
  USER_PASSWORD,
} from "@portfolio/testing/core/sync-fixture.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveDeviceToken } from "../sync/device-tokens.ts";
import { hashToken } from "./secrets.ts";
import { createSession, resolveSession } from "./sessions.service.ts";

/** A well-formed id no row has. */
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

let f: SyncFixture;
beforeEach(async () => {
  f = await createSyncFixture();
});
afterEach(async () => {
  await f.close();
});

const issue = (actor: SyncFixture["owner"], name: string) =>
  call(f.core, asWeb(actor), "sync.tokens.create", { body: { name, password: USER_PASSWORD } });

const list = (actor: SyncFixture["owner"], id: string) =>
  call(f.core, asWeb(actor), "users.deviceTokens.list", { params: { id } });

const revoke = (actor: SyncFixture["owner"], id: string, tokenId: string) =>
  call(f.core, asWeb(actor), "users.deviceTokens.revoke", { params: { id, tokenId } });

describe("a user's device tokens in the admin panel", () => {
  it("are listed to staff with users:edit as the user sees them, never the token", async () => {
    const issued = await issue(f.moderator, "Mod laptop");
    const listed = await list(f.admin, f.moderator.id);
    expect(listed).toEqual(await call(f.core, asWeb(f.moderator), "sync.tokens.list"));
    expect(listed.tokens).toEqual([expect.objectContaining({ id: issued.id, name: "Mod laptop", lastUsedAt: null })]);
    expect(JSON.stringify(listed)).not.toContain(issued.token);
  });

  it("are revoked by staff: the token stops working and the user's other tokens keep working", async () => {
    const lost = await issue(f.moderator, "Lost laptop");
    const kept = await issue(f.moderator, "Desk PC");
    await revoke(f.admin, f.moderator.id, lost.id);
    expect(await resolveDeviceToken(f.core, lost.token)).toBeNull();
    expect(await resolveDeviceToken(f.core, kept.token)).not.toBeNull();
    expect((await list(f.admin, f.moderator.id)).tokens.map((t) => t.name)).toEqual(["Desk PC"]);
  });

  it("records the revocation in the audit log by the staff member, naming the user, never the token or its hash", async () => {
    const lost = await issue(f.moderator, "Lost laptop");
    await revoke(f.admin, f.moderator.id, lost.id);
    const rows = await f.core.db.selectFrom("audit_log").selectAll().where("action", "=", "token.revoked").execute();
    expect(rows.map((r) => [r.actor_name, r.target_id, JSON.parse(r.details)])).toEqual([
      ["admin1", f.moderator.id, { kind: "device", name: "Lost laptop", username: "moderator1" }],
    ]);
    expect(JSON.stringify(rows)).not.toContain(lost.token);
    expect(JSON.stringify(rows)).not.toContain(hashToken(lost.token));
  });

  it("of the owner are neither listed nor revoked by anyone but the owner", async () => {
    const desk = await issue(f.owner, "Owner desk");
    const refusal = { kind: "forbidden", message: "Only the owner can manage the owner's devices." };
    await expect(list(f.admin, f.owner.id)).rejects.toMatchObject(refusal);
    await expect(revoke(f.admin, f.owner.id, desk.id)).rejects.toMatchObject(refusal);
    expect(await resolveDeviceToken(f.core, desk.token)).not.toBeNull();
    await revoke(f.owner, f.owner.id, desk.id);
    expect(await resolveDeviceToken(f.core, desk.token)).toBeNull();
  });

  it("are the owner's to manage for every other user", async () => {
    const theirs = await issue(f.admin, "Admin laptop");
    expect((await list(f.owner, f.admin.id)).tokens.map((t) => t.id)).toEqual([theirs.id]);
    await revoke(f.owner, f.admin.id, theirs.id);
    expect((await list(f.owner, f.admin.id)).tokens).toEqual([]);
  });

  it("need users:edit", async () => {
    await issue(f.admin, "Admin laptop");
    await expect(list(f.moderator, f.admin.id)).rejects.toMatchObject({
      kind: "forbidden",
      message: "You do not have permission to edit users.",
    });
  });

  it("are out of reach of a partial admin when the user holds more", async () => {
    const partial = await addUser(f.core, "partial", [
      "website:view",
      "website:admin:view",
      "users:view",
      "users:edit",
    ]);
    await expect(list(partial, f.admin.id)).rejects.toMatchObject({
      kind: "forbidden",
      message: "You cannot manage the devices of a user who holds permissions you do not have.",
    });
  });

  it("answer not found for an unknown user, an unknown token and another user's token", async () => {
    const theirs = await issue(f.admin, "Admin laptop");
    await expect(list(f.admin, UNKNOWN_ID)).rejects.toMatchObject({
      kind: "not_found",
      message: "User not found.",
    });
    await expect(revoke(f.admin, f.moderator.id, UNKNOWN_ID)).rejects.toMatchObject({
      kind: "not_found",
      message: "Device token not found.",
    });
    await expect(revoke(f.owner, f.moderator.id, theirs.id)).rejects.toMatchObject({
      kind: "not_found",
      message: "Device token not found.",
    });
    expect(await resolveDeviceToken(f.core, theirs.token)).not.toBeNull();
  });
});

describe("a user's browser sessions in the admin panel", () => {
  const sessions = (actor: SyncFixture["owner"], id: string) =>
    call(f.core, asWeb(actor), "users.sessions.list", { params: { id } });
  const end = (actor: SyncFixture["owner"], id: string, sessionId: string) =>
    call(f.core, asWeb(actor), "users.sessions.end", { params: { id, sessionId } });

  it("are listed to staff with users:edit, with device and last use", async () => {
    await createSession(f.core, f.core.db, f.moderator.id, "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0");
    const listed = await sessions(f.admin, f.moderator.id);
    expect(listed.sessions).toEqual([
      {
        id: expect.any(String),
        userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
        createdAt: expect.any(String),
        lastSeenAt: expect.any(String),
        current: false,
      },
    ]);
  });

  it("are ended by staff, audited naming the user; the session's cookie then logs nobody in", async () => {
    const cookie = await createSession(f.core, f.core.db, f.moderator.id, "Firefox");
    const [session] = (await sessions(f.admin, f.moderator.id)).sessions;
    await end(f.admin, f.moderator.id, session?.id ?? "");
    expect(await resolveSession(f.core, cookie)).toBeNull();
    const rows = await f.core.db.selectFrom("audit_log").selectAll().where("action", "=", "session.ended").execute();
    expect(rows.map((r) => [r.actor_name, r.target_id, JSON.parse(r.details)])).toEqual([
      ["admin1", f.moderator.id, { username: "moderator1", userAgent: "Firefox" }],
    ]);
  });

  it("of the owner are neither listed nor ended by anyone but the owner", async () => {
    const cookie = await createSession(f.core, f.core.db, f.owner.id, "Firefox");
    await expect(sessions(f.admin, f.owner.id)).rejects.toMatchObject({
      kind: "forbidden",
      message: "Only the owner can manage the owner's devices.",
    });
    const [session] = (await sessions(f.owner, f.owner.id)).sessions;
    await expect(end(f.admin, f.owner.id, session?.id ?? "")).rejects.toMatchObject({ kind: "forbidden" });
    expect(await resolveSession(f.core, cookie)).not.toBeNull();
  });

  it("answer not found for an unknown session and for another user's session", async () => {
    await createSession(f.core, f.core.db, f.admin.id, "Firefox");
    const [theirs] = (await sessions(f.owner, f.admin.id)).sessions;
    await expect(end(f.owner, f.moderator.id, theirs?.id ?? "")).rejects.toMatchObject({
      kind: "not_found",
      message: "Session not found.",
    });
    await expect(end(f.owner, f.moderator.id, UNKNOWN_ID)).rejects.toMatchObject({
      message: "Session not found.",
    });
  });

  it("are refused to a device token: browser sessions are managed on the website", async () => {
    await expect(
      call(f.core, f.admin, "users.sessions.list", { params: { id: f.moderator.id } }),
    ).rejects.toMatchObject({ kind: "forbidden", message: "A device token cannot make this call." });
  });
});
