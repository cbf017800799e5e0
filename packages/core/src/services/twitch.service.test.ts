// The outside service's fake is shared with the server's tests: a real HTTP server on 127.0.0.1.

import { createTestCore, type TestCore } from "@portfolio/testing/core/test-core.ts";
import {
  FAKE_TWITCH_CLIENT_ID,
  type FakeTwitchId,
  startFakeTwitchId,
} from "@portfolio/testing/fakes/fake-twitch-id.ts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Forbidden, Invalid, Unauthenticated, Unavailable } from "../domain/errors.ts";
import { TWITCH_MESSAGES } from "../domain/twitch.ts";
import { bootstrap } from "./bootstrap.ts";
import { ANONYMOUS, type UserActor } from "./context.ts";
import { createSession, resolveSession } from "./sessions.service.ts";
import {
  connectTwitch,
  decryptTwitchSecret,
  encryptTwitchSecret,
  getTwitchStatus,
  readTwitchCredentials,
  saveTwitchAuthorization,
  type TwitchOptions,
} from "./twitch.service.ts";
import { validateTwitchToken } from "./twitch-validate.ts";

const KEY = "a-test-key-of-32-characters-long";
const TOKEN = "abcdefghijklmnopqrstuvwxyz0123";
const viewer: UserActor = { kind: "user", id: "m", username: "mod", permissions: ["website:admin:view"] };
const nobody: UserActor = { kind: "user", id: "u", username: "user", permissions: ["website:view"] };
const system = { kind: "system", reason: "test" } as const;
const REFUSED = new Forbidden(TWITCH_MESSAGES.stateRefused);

let twitch: FakeTwitchId;
beforeAll(async () => {
  twitch = await startFakeTwitchId();
});
afterAll(async () => {
  await twitch.close();
});

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

describe("validateTwitchToken (Twitch's GET /oauth2/validate)", () => {
  afterEach(() => {
    twitch.failure = null;
  });

  it("answers what Twitch knows of a live token, sent as 'Authorization: OAuth <token>'", async () => {
    twitch.tokens.set(TOKEN, { clientId: FAKE_TWITCH_CLIENT_ID, scopes: ["chat:read"], login: "streamer" });
    expect(await validateTwitchToken(TOKEN, { authBaseUrl: twitch.baseUrl })).toEqual({
      clientId: FAKE_TWITCH_CLIENT_ID,
      login: "streamer",
      userId: "141981764",
      scopes: ["chat:read"],
      expiresIn: 5_520_838,
    });
    expect(twitch.calls.at(-1)).toMatchObject({ path: "/oauth2/validate", scheme: "OAuth", query: {} });
  });

  it("answers null for a token Twitch refuses (401)", async () => {
    expect(await validateTwitchToken("unknowntoken0123456789", { authBaseUrl: twitch.baseUrl })).toBeNull();
  });

  it.each(["error", "garbage"] as const)("is Unavailable when Twitch answers %s", async (failure) => {
    twitch.failure = failure;
    await expect(validateTwitchToken(TOKEN, { authBaseUrl: twitch.baseUrl })).rejects.toEqual(
      new Unavailable(TWITCH_MESSAGES.unreachable),
    );
  });

  it("is Unavailable when Twitch cannot be reached", async () => {
    await expect(validateTwitchToken(TOKEN, { authBaseUrl: "http://127.0.0.1:9" })).rejects.toEqual(
      new Unavailable(TWITCH_MESSAGES.unreachable),
    );
  });
});

describe("twitch service", () => {
  let core: TestCore;
  let owner: UserActor;
  let options: TwitchOptions;

  /** A fresh browser session of the owner, as the server resolves it from the cookie. */
  async function ownerSession(): Promise<UserActor> {
    const id = (await core.db.selectFrom("users").select("id").executeTakeFirstOrThrow()).id;
    const actor = await resolveSession(core, await createSession(core, core.db, id, "test"));
    if (!actor) throw new Error("no session");
    return actor;
  }
  async function stateOf(actor: UserActor): Promise<string> {
    const { authorizeUrl } = await connectTwitch(core, actor, options);
    return new URL(authorizeUrl).searchParams.get("state") ?? "";
  }
  const stored = () => core.db.selectFrom("twitch_authorizations").selectAll().execute();

  beforeEach(async () => {
    core = await createTestCore();
    await bootstrap(core, { username: "owner", email: "owner@example.com", password: "owner-password-1" });
    owner = await ownerSession();
    options = { clientId: FAKE_TWITCH_CLIENT_ID, authBaseUrl: twitch.baseUrl, tokenKey: KEY };
    twitch.tokens.set(TOKEN, { clientId: FAKE_TWITCH_CLIENT_ID, scopes: ["chat:read"] });
  });
  afterEach(async () => {
    await core.close();
  });

  it("connect answers Twitch's authorize URL: implicit grant, chat:read, the site's callback and a new state", async () => {
    const before = Date.now();
    const answer = await connectTwitch(core, owner, options);
    const url = new URL(answer.authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${twitch.baseUrl}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "token",
      client_id: FAKE_TWITCH_CLIENT_ID,
      redirect_uri: "http://localhost:3000/twitch/callback",
      scope: "chat:read",
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(Date.parse(answer.expiresAt) - before).toBeGreaterThanOrEqual(10 * 60 * 1000 - 50);
    expect(Date.parse(answer.expiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
    // Only the state's hash is kept.
    const [row] = await core.db.selectFrom("twitch_states").selectAll().execute();
    expect(row).toMatchObject({ session_id: owner.sessionId, user_id: owner.id, used_at: null });
    expect(JSON.stringify(row)).not.toContain(url.searchParams.get("state"));
  });

  it("connect is the owner's, from a browser session, and needs TWITCH_CLIENT_ID", async () => {
    await expect(connectTwitch(core, ANONYMOUS, options)).rejects.toBeInstanceOf(Unauthenticated);
    await expect(connectTwitch(core, viewer, options)).rejects.toEqual(
      new Forbidden("Only the owner can connect Twitch."),
    );
    await expect(connectTwitch(core, { ...owner, sessionId: undefined }, options)).rejects.toEqual(
      new Forbidden(TWITCH_MESSAGES.sessionRequired),
    );
    await expect(connectTwitch(core, owner, { ...options, clientId: undefined })).rejects.toEqual(
      new Unavailable("Twitch is not configured: set TWITCH_CLIENT_ID."),
    );
    expect(await core.db.selectFrom("twitch_states").selectAll().execute()).toHaveLength(0);
  });

  it("saves a callback carrying this session's state, and shows only its facts to an admin-panel viewer", async () => {
    const state = await stateOf(owner);
    expect(
      await saveTwitchAuthorization(core, owner, { accessToken: TOKEN, scope: "chat:read", state }, options),
    ).toEqual({
      ok: true,
    });
    const status = await getTwitchStatus(core, viewer);
    expect(status).toMatchObject({ connected: true, scope: ["chat:read"], hasAccessToken: true, encrypted: true });
    expect(JSON.stringify(status)).not.toContain(TOKEN);
    expect(await readTwitchCredentials(core, system, { tokenKey: KEY })).toMatchObject({ accessToken: TOKEN });
  });

  it("refuses an anonymous callback, even with a live state, and stores nothing", async () => {
    const state = await stateOf(owner);
    await expect(saveTwitchAuthorization(core, ANONYMOUS, { accessToken: TOKEN, state }, options)).rejects.toEqual(
      REFUSED,
    );
    expect(await stored()).toHaveLength(0);
  });

  it("refuses no state, an unknown one, another session's, a used one and an expired one", async () => {
    const other = await ownerSession();
    const othersState = await stateOf(other);
    await expect(saveTwitchAuthorization(core, owner, { accessToken: TOKEN }, options)).rejects.toEqual(REFUSED);
    await expect(
      saveTwitchAuthorization(core, owner, { accessToken: TOKEN, state: "not-a-state-we-issued" }, options),
    ).rejects.toEqual(REFUSED);
    await expect(
      saveTwitchAuthorization(core, owner, { accessToken: TOKEN, state: othersState }, options),
    ).rejects.toEqual(REFUSED);

    const state = await stateOf(owner);
    await saveTwitchAuthorization(core, owner, { accessToken: TOKEN, state }, options);
    await core.db.deleteFrom("twitch_authorizations").execute();
    await expect(saveTwitchAuthorization(core, owner, { accessToken: TOKEN, state }, options)).rejects.toEqual(REFUSED);

    const late = await stateOf(owner);
    const now = Date.now();
    core.now = () => new Date(now + 10 * 60 * 1000 + 1);
    await expect(saveTwitchAuthorization(core, owner, { accessToken: TOKEN, state: late }, options)).rejects.toEqual(
      REFUSED,
    );
    expect(await stored()).toHaveLength(0);
  });

  it("refuses a token Twitch does not confirm for this site's client id, and keeps the state for a retry", async () => {
    const state = await stateOf(owner);
    twitch.tokens.set("issuedtoanotherapp0123456789", { clientId: "someoneelse", scopes: ["chat:read"] });
    await expect(
      saveTwitchAuthorization(core, owner, { accessToken: "unknowntoken0123456789", state }, options),
    ).rejects.toEqual(new Invalid(TWITCH_MESSAGES.tokenRefused));
    await expect(
      saveTwitchAuthorization(core, owner, { accessToken: "issuedtoanotherapp0123456789", state }, options),
    ).rejects.toEqual(new Invalid(TWITCH_MESSAGES.otherClient));
    await expect(saveTwitchAuthorization(core, owner, { authCode: "somecode", state }, options)).rejects.toEqual(
      new Invalid(TWITCH_MESSAGES.tokenRequired),
    );
    expect(await stored()).toHaveLength(0);
    expect(await saveTwitchAuthorization(core, owner, { accessToken: TOKEN, state }, options)).toEqual({ ok: true });
  });

  it("stores what Twitch says the token allows, not the scopes the page claimed", async () => {
    const state = await stateOf(owner);
    await saveTwitchAuthorization(core, owner, { accessToken: TOKEN, scope: "chat:read chat:edit", state }, options);
    expect(await getTwitchStatus(core, viewer)).toMatchObject({ scope: ["chat:read"] });
  });

  it("spends a state once, even when two callbacks race with it", async () => {
    const state = await stateOf(owner);
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => saveTwitchAuthorization(core, owner, { accessToken: TOKEN, state }, options)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason)).toEqual([
      REFUSED,
      REFUSED,
    ]);
    expect(await stored()).toHaveLength(1);
  });

  it("ends a session's states with the session", async () => {
    const state = await stateOf(owner);
    await core.db
      .deleteFrom("sessions")
      .where("id", "=", owner.sessionId ?? "")
      .execute();
    expect(await core.db.selectFrom("twitch_states").selectAll().execute()).toHaveLength(0);
    await expect(saveTwitchAuthorization(core, owner, { accessToken: TOKEN, state }, options)).rejects.toEqual(REFUSED);
  });

  it("refuses invalid input and changes nothing", async () => {
    await expect(saveTwitchAuthorization(core, owner, { scope: "chat:read" })).rejects.toEqual(
      new Invalid("An accessToken or authCode is required."),
    );
    await expect(saveTwitchAuthorization(core, owner, { accessToken: TOKEN, state: "a b" })).rejects.toEqual(
      new Invalid(TWITCH_MESSAGES.state),
    );
    expect(await stored()).toHaveLength(0);
  });

  it("denies the status to anonymous callers and users without website:admin:view", async () => {
    await expect(getTwitchStatus(core, ANONYMOUS)).rejects.toBeInstanceOf(Unauthenticated);
    await expect(getTwitchStatus(core, nobody)).rejects.toBeInstanceOf(Forbidden);
  });

  it("lets no one but the server itself read the credential", async () => {
    await saveTwitchAuthorization(
      core,
      owner,
      { accessToken: TOKEN, state: await stateOf(owner) },
      {
        ...options,
        tokenKey: undefined,
      },
    );
    await expect(readTwitchCredentials(core, ANONYMOUS)).rejects.toBeInstanceOf(Forbidden);
    await expect(readTwitchCredentials(core, viewer)).rejects.toBeInstanceOf(Forbidden);
    expect(await readTwitchCredentials(core, system)).toEqual({
      accessToken: TOKEN,
      authCode: null,
      scope: ["chat:read"],
    });
  });
});
