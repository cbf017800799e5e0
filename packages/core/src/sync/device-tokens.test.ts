/**
 * docs/security.md, promise 26: a device token resolves only while it is unrevoked, used within DEVICE_TOKEN_IDLE_DAYS and
 * its user is active; its last use slides the expiry.
 */

import {
  addUser,
  asWeb,
  call,
  createSyncFixture,
  type SyncFixture,
  USER_PASSWORD,
} from "@portfolio/testing/core/sync-fixture.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashToken } from "../services/secrets.ts";
import { DEVICE_TOKEN_PREFIX, LAST_USED_INTERVAL_MS, resolveDeviceToken } from "./device-tokens.ts";

let f: SyncFixture;
let clock: number;
beforeEach(async () => {
  f = await createSyncFixture();
  clock = Date.parse("2026-11-23T10:00:00.000Z");
  f.core.now = () => new Date(clock);
});
afterEach(async () => {
  await f.close();
});

const issue = (name = "Laptop", actor = f.owner, password = USER_PASSWORD) =>
  call(f.core, asWeb(actor), "sync.tokens.create", { body: { name, password } });

const DAY = 24 * 60 * 60 * 1000;

describe("device tokens", () => {
  it("is shown once and stored only as its SHA-256 hash, with an audit entry", async () => {
    const issued = await issue("  Laptop  ");
    expect(issued).toMatchObject({ name: "Laptop", createdAt: "2026-11-23T10:00:00.000Z" });
    expect(issued.token.startsWith(DEVICE_TOKEN_PREFIX)).toBe(true);
    const row = await f.core.db.selectFrom("device_tokens").selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(issued.token));
    expect(JSON.stringify(row)).not.toContain(issued.token);
    const audit = await f.core.db.selectFrom("audit_log").selectAll().where("action", "=", "token.issued").execute();
    expect(audit.map((a) => JSON.parse(a.details))).toEqual([{ kind: "device", name: "Laptop" }]);
    expect(JSON.stringify(audit)).not.toContain(issued.token);
  });

  it("needs a name", async () => {
    await expect(issue("  ")).rejects.toMatchObject({ kind: "invalid", message: "Name is required." });
    await expect(issue("a\u0000b")).rejects.toMatchObject({ message: "Name must not contain control characters." });
  });

  it("resolves to its user with the device credential and the permissions read now", async () => {
    const { token } = await issue();
    await f.core.db
      .updateTable("users")
      .set({ permissions: JSON.stringify(["website:admin:view"]) })
      .where("id", "=", f.owner.id)
      .execute();
    expect(await resolveDeviceToken(f.core, token)).toEqual({
      kind: "user",
      id: f.owner.id,
      username: "owner",
      permissions: ["website:admin:view"],
      credential: "device",
      // The staff requirement of a second factor is off: nothing is missing.
      secondFactorMissing: false,
    });
  });

  it("stops working once revoked, and for an inactive user; an unknown token is nobody", async () => {
    const { token, id } = await issue();
    await call(f.core, asWeb(f.owner), "sync.tokens.revoke", { params: { id } });
    expect(await resolveDeviceToken(f.core, token)).toBeNull();
    expect(await resolveDeviceToken(f.core, `${DEVICE_TOKEN_PREFIX}unknown`)).toBeNull();

    const sleeper = await addUser(f.core, "sleeper", ["website:admin:view"]);
    const other = await issue("Old PC", sleeper);
    await f.core.db.updateTable("users").set({ is_active: 0 }).where("id", "=", sleeper.id).execute();
    expect(await resolveDeviceToken(f.core, other.token)).toBeNull();
  });

  it("records its last use at most once a minute", async () => {
    const { token, id } = await issue();
    const lastUsed = async () =>
      (await f.core.db.selectFrom("device_tokens").select("last_used_at").where("id", "=", id).executeTakeFirst())
        ?.last_used_at;
    expect(await lastUsed()).toBeNull();
    await resolveDeviceToken(f.core, token);
    expect(await lastUsed()).toBe("2026-11-23T10:00:00.000Z");
    clock += LAST_USED_INTERVAL_MS - 1000;
    await resolveDeviceToken(f.core, token);
    expect(await lastUsed()).toBe("2026-11-23T10:00:00.000Z");
    clock += 2000;
    await resolveDeviceToken(f.core, token);
    expect(await lastUsed()).toBe("2026-11-23T10:01:01.000Z");
  });

  it("lists and revokes only the caller's own tokens, never showing a token", async () => {
    const mine = await issue("Laptop");
    const theirs = await issue("Their PC", f.admin);
    const { tokens } = await call(f.core, f.owner, "sync.tokens.list");
    expect(tokens).toEqual([
      {
        id: mine.id,
        name: "Laptop",
        createdAt: mine.createdAt,
        lastUsedAt: null,
        expiresAt: "2027-02-21T10:00:00.000Z",
      },
    ]);
    await expect(call(f.core, f.owner, "sync.tokens.revoke", { params: { id: theirs.id } })).rejects.toMatchObject({
      kind: "not_found",
      message: "Device token not found.",
    });
    await call(f.core, f.owner, "sync.tokens.revoke", { params: { id: mine.id } });
    expect((await call(f.core, f.owner, "sync.tokens.list")).tokens).toEqual([]);
  });

  it("is minted only with the password asked again, and says what is wrong", async () => {
    await expect(issue("Laptop", f.owner, "not-the-password")).rejects.toMatchObject({
      kind: "invalid",
      message: "The password is not correct.",
    });
    await expect(
      call(f.core, asWeb(f.owner), "sync.tokens.create", { body: { name: "Laptop" } }),
    ).rejects.toMatchObject({ kind: "invalid", message: "Password is required." });
    await expect(issue("Laptop", f.owner, "é".repeat(37))).rejects.toMatchObject({
      message: "Password must be at most 72 bytes long.",
    });
    expect(await f.core.db.selectFrom("device_tokens").select("id").execute()).toEqual([]);
  });

  it("stops working after 90 days without use; each use starts the 90 days again, and the list says when", async () => {
    const { token, id } = await issue();
    clock += 89 * DAY;
    expect(await resolveDeviceToken(f.core, token)).not.toBeNull();
    clock += 89 * DAY;
    expect(await resolveDeviceToken(f.core, token)).not.toBeNull();
    const listed = (await call(f.core, asWeb(f.owner), "sync.tokens.list")).tokens;
    expect(listed).toEqual([expect.objectContaining({ id, expiresAt: new Date(clock + 90 * DAY).toISOString() })]);
    clock += 90 * DAY;
    expect(await resolveDeviceToken(f.core, token)).toBeNull();
    expect((await call(f.core, asWeb(f.owner), "sync.tokens.list")).tokens).toEqual([]);
  });

  it("is minted only with a session, never with another device token", async () => {
    await expect(
      call(f.core, f.owner, "sync.tokens.create", { body: { name: "Chain", password: USER_PASSWORD } }),
    ).rejects.toMatchObject({
      kind: "forbidden",
      message: "A device token cannot make this call.",
    });
  });

  it("is for staff who may open the admin panel", async () => {
    const visitor = await addUser(f.core, "visitor", ["website:view"]);
    await expect(issue("Mine", visitor)).rejects.toMatchObject({
      kind: "forbidden",
      message: "You do not have permission to view the admin panel.",
    });
  });
});
