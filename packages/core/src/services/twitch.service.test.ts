import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Forbidden, Invalid, Unauthenticated } from "../domain/errors.ts";
import { createTestCore, type TestCore } from "../test/test-core.ts";
import { ANONYMOUS, type UserActor } from "./context.ts";
import {
  decryptTwitchSecret,
  encryptTwitchSecret,
  getTwitchStatus,
  readTwitchCredentials,
  saveTwitchAuthorization,
} from "./twitch.service.ts";

const KEY = "a-test-key-of-32-characters-long";
const TOKEN = "abcdefghijklmnopqrstuvwxyz0123";
const viewer: UserActor = { kind: "user", id: "m", username: "mod", permissions: ["website:admin:view"] };
const nobody: UserActor = { kind: "user", id: "u", username: "user", permissions: ["website:view"] };
const system = { kind: "system", reason: "test" } as const;

describe("encryptTwitchSecret / decryptTwitchSecret", () => {
  it("round-trips, with a fresh IV each time", () => {
    const a = encryptTwitchSecret(TOKEN, KEY, "row-1");
    const b = encryptTwitchSecret(TOKEN, KEY, "row-1");
    expect(a).not.toBe(b);
    expect(a).not.toContain(TOKEN);
    expect(decryptTwitchSecret(a, KEY, "row-1")).toBe(TOKEN);
  });

  it("refuses a wrong key, another row's id and a tampered value", () => {
    const sealed = encryptTwitchSecret(TOKEN, KEY, "row-1");
    expect(() => decryptTwitchSecret(sealed, `${KEY}x`, "row-1")).toThrow();
    expect(() => decryptTwitchSecret(sealed, KEY, "row-2")).toThrow();
    const parts = sealed.split(".");
    const data = Buffer.from(parts[3] ?? "", "base64url");
    data[0] = (data[0] ?? 0) ^ 1;
    parts[3] = data.toString("base64url");
    expect(() => decryptTwitchSecret(parts.join("."), KEY, "row-1")).toThrow();
    expect(() => decryptTwitchSecret("plain-text", KEY, "row-1")).toThrow("Not an encrypted Twitch credential.");
  });
});

describe("twitch service", () => {
  let core: TestCore;
  beforeEach(async () => {
    core = await createTestCore();
  });
  afterEach(async () => {
    await core.close();
  });

  it("saves an anonymous callback and shows only its facts to an admin-panel viewer", async () => {
    expect(
      await saveTwitchAuthorization(core, ANONYMOUS, { accessToken: TOKEN, scope: "chat:read" }, { tokenKey: KEY }),
    ).toEqual({
      ok: true,
    });
    const status = await getTwitchStatus(core, viewer);
    expect(status).toMatchObject({ connected: true, scope: ["chat:read"], hasAccessToken: true, encrypted: true });
    expect(JSON.stringify(status)).not.toContain(TOKEN);
    expect(await readTwitchCredentials(core, system, { tokenKey: KEY })).toMatchObject({ accessToken: TOKEN });
  });

  it("refuses invalid input and changes nothing", async () => {
    await expect(saveTwitchAuthorization(core, ANONYMOUS, { scope: "chat:read" })).rejects.toEqual(
      new Invalid("An accessToken or authCode is required."),
    );
    expect(await core.db.selectFrom("twitch_authorizations").selectAll().execute()).toHaveLength(0);
  });

  it("denies the status to anonymous callers and users without website:admin:view", async () => {
    await expect(getTwitchStatus(core, ANONYMOUS)).rejects.toBeInstanceOf(Unauthenticated);
    await expect(getTwitchStatus(core, nobody)).rejects.toBeInstanceOf(Forbidden);
  });

  it("lets no one but the server itself read the credential", async () => {
    await saveTwitchAuthorization(core, ANONYMOUS, { accessToken: TOKEN });
    await expect(readTwitchCredentials(core, ANONYMOUS)).rejects.toBeInstanceOf(Forbidden);
    await expect(readTwitchCredentials(core, viewer)).rejects.toBeInstanceOf(Forbidden);
    expect(await readTwitchCredentials(core, system)).toEqual({ accessToken: TOKEN, authCode: null, scope: [] });
  });
});
