import { TWITCH_MESSAGES, type TwitchConnectAnswer, type TwitchStatus } from "@portfolio/core/domain";
import { readTwitchCredentials } from "@portfolio/core/services";
import {
  FAKE_TWITCH_CLIENT_ID,
  type FakeTwitchId,
  startFakeTwitchId,
} from "@portfolio/testing/fakes/fake-twitch-id.ts";
import { type RoleAccounts, roleAccounts } from "@portfolio/testing/server/accounts.ts";
import { OWNER, startTestServer, TestClient, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

const TOKEN = "abcdefghijklmnopqrstuvwxyz0123";
const CODE = "zyxwvutsrqponmlkjihgfedcba9876";
const KEY = "a-test-key-of-32-characters-long";
const REFUSED = { error: TWITCH_MESSAGES.stateRefused };
const NOT_CONNECTED: TwitchStatus = {
  connected: false,
  scope: [],
  tokenType: null,
  connectedAt: null,
  hasAccessToken: false,
  hasAuthCode: false,
  encrypted: false,
};

const payload = {
  accessToken: TOKEN,
  authCode: null,
  scope: "chat:read chat:edit",
  tokenType: "bearer",
  timestamp: "2026-11-21T12:00:00.000Z",
  userAgent: "Mozilla/5.0 (X11; Linux x86_64)",
  referrer: "https://id.twitch.tv/",
};

let twitch: FakeTwitchId;
beforeAll(async () => {
  twitch = await startFakeTwitchId();
});
afterAll(async () => {
  await twitch.close();
});

let server: TestServer;
let accounts: RoleAccounts;
async function start(env: Record<string, string> = {}, rateLimits = {}) {
  server = await startTestServer({
    env: { TWITCH_CLIENT_ID: FAKE_TWITCH_CLIENT_ID, TWITCH_AUTH_BASE_URL: twitch.baseUrl, ...env },
    rateLimits,
  });
  accounts = await roleAccounts(server);
  // The token Twitch issued to this site's application when the owner authorized it.
  twitch.tokens.set(TOKEN, { clientId: FAKE_TWITCH_CLIENT_ID, scopes: ["chat:read", "chat:edit"] });
  twitch.failure = null;
}
afterEach(async () => {
  await server.close();
});

const rows = () => server.core.db.selectFrom("twitch_authorizations").selectAll().execute();
const status = async () => (await accounts.as.admin.get<TwitchStatus>("/api/admin/twitch")).body;

/** 'Connect Twitch' as this client: the state the server put in the authorize URL. */
async function connect(client: TestClient): Promise<string> {
  const res = await client.post<TwitchConnectAnswer>("/api/admin/twitch/connect");
  expect(res.status).toBe(200);
  return new URL(res.body.authorizeUrl).searchParams.get("state") ?? "";
}

/** The owner's callback page posting what Twitch returned, with the state of the owner's 'Connect Twitch'. */
async function ownerCallback(body: Record<string, unknown>) {
  return accounts.as.owner.post("/api/twitch-callback", { ...body, state: await connect(accounts.as.owner) });
}

describe("POST /api/admin/twitch/connect", () => {
  it("answers the Twitch authorize URL with a single-use state, valid 10 minutes", async () => {
    await start();
    const res = await accounts.as.owner.post<TwitchConnectAnswer>("/api/admin/twitch/connect");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const url = new URL(res.body.authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${twitch.baseUrl}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "token",
      client_id: FAKE_TWITCH_CLIENT_ID,
      redirect_uri: `${server.config.publicUrl}/twitch/callback`,
      scope: "chat:read",
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const ttl = Date.parse(res.body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(10 * 60 * 1000);
    const second = await connect(accounts.as.owner);
    expect(second).not.toBe(url.searchParams.get("state"));
  });

  it("takes Twitch back to the site's callback page with the token and the same state", async () => {
    await start();
    const { authorizeUrl } = (await accounts.as.owner.post<TwitchConnectAnswer>("/api/admin/twitch/connect")).body;
    const back = new URL((await fetch(authorizeUrl, { redirect: "manual" })).headers.get("location") ?? "");
    expect(`${back.origin}${back.pathname}`).toBe(`${server.config.publicUrl}/twitch/callback`);
    const fragment = new URLSearchParams(back.hash.slice(1));
    expect(fragment.get("state")).toBe(new URL(authorizeUrl).searchParams.get("state"));
    const res = await accounts.as.owner.post("/api/twitch-callback", {
      accessToken: fragment.get("access_token"),
      scope: fragment.get("scope"),
      tokenType: fragment.get("token_type"),
      state: fragment.get("state"),
    });
    expect(res.body).toEqual({ ok: true });
    expect(await status()).toMatchObject({ connected: true, scope: ["chat:read"], tokenType: "bearer" });
  });

  it.each([
    ["owner", 200],
    ["admin", 403],
    ["moderator", 403],
    ["user", 403],
    ["anonymous", 401],
  ] as const)("answers %s with %i (only the owner connects Twitch)", async (who, code) => {
    await start();
    const res = await accounts.as[who].post("/api/admin/twitch/connect");
    expect(res.status).toBe(code);
    if (code === 403) expect(res.body).toEqual({ error: "Only the owner can connect Twitch." });
    if (code === 401) expect(res.body).toEqual({ error: "You must be logged in." });
  });

  it("answers 503 without TWITCH_CLIENT_ID", async () => {
    await start({ TWITCH_CLIENT_ID: "" });
    const res = await accounts.as.owner.post("/api/admin/twitch/connect");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: "Twitch is not configured: set TWITCH_CLIENT_ID." });
  });

  it("refuses a cross-site start", async () => {
    await start();
    const owner = accounts.as.owner;
    const evil = new TestClient(server.url, "https://evil.example");
    for (const [name, value] of owner.cookies) evil.cookies.set(name, value);
    expect((await evil.post("/api/admin/twitch/connect")).status).toBe(403);
  });
});

describe("POST /api/twitch-callback", () => {
  it("refuses an anonymous post with a token: 403, nothing stored, Twitch not even asked", async () => {
    await start();
    const calls = twitch.calls.length;
    const res = await server.client().post("/api/twitch-callback", payload);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(REFUSED);
    expect(await rows()).toHaveLength(0);
    expect(twitch.calls.length).toBe(calls);
  });

  it("stores the authorization carrying the session's state and answers {ok: true}; the status shows it without the token", async () => {
    await start();
    const res = await ownerCallback(payload);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const shown = await status();
    expect(shown).toEqual({
      connected: true,
      scope: ["chat:read", "chat:edit"],
      tokenType: "bearer",
      connectedAt: expect.any(String),
      hasAccessToken: true,
      hasAuthCode: false,
      encrypted: false,
    });
    expect(Date.now() - Date.parse(shown.connectedAt ?? "")).toBeLessThan(60_000);
    expect(JSON.stringify(shown)).not.toContain(TOKEN);
  });

  it("checks the token with Twitch's validate endpoint, in the Authorization header", async () => {
    await start();
    twitch.calls.length = 0;
    await ownerCallback(payload);
    expect(twitch.calls).toEqual([{ path: "/oauth2/validate", query: {}, scheme: "OAuth" }]);
  });

  describe("refuses with 403 and stores nothing", () => {
    it("without a state", async () => {
      await start();
      const res = await accounts.as.owner.post("/api/twitch-callback", payload);
      expect([res.status, res.body]).toEqual([403, REFUSED]);
      expect(await rows()).toHaveLength(0);
    });

    it("with a state the server never issued", async () => {
      await start();
      const res = await accounts.as.owner.post("/api/twitch-callback", { ...payload, state: "x".repeat(43) });
      expect([res.status, res.body]).toEqual([403, REFUSED]);
      expect(await rows()).toHaveLength(0);
    });

    it("with a live state posted by someone not logged in", async () => {
      await start();
      const state = await connect(accounts.as.owner);
      const res = await server.client().post("/api/twitch-callback", { ...payload, state });
      expect([res.status, res.body]).toEqual([403, REFUSED]);
      expect(await rows()).toHaveLength(0);
    });

    it("with another session's state, even the owner's own other session", async () => {
      await start();
      const state = await connect(accounts.as.owner);
      const elsewhere = await server.login(OWNER.username, OWNER.password);
      for (const client of [elsewhere, accounts.as.admin]) {
        const res = await client.post("/api/twitch-callback", { ...payload, state });
        expect([res.status, res.body]).toEqual([403, REFUSED]);
      }
      expect(await rows()).toHaveLength(0);
    });

    it("with a state already used", async () => {
      await start();
      const state = await connect(accounts.as.owner);
      expect((await accounts.as.owner.post("/api/twitch-callback", { ...payload, state })).status).toBe(200);
      await server.core.db.deleteFrom("twitch_authorizations").execute();
      const res = await accounts.as.owner.post("/api/twitch-callback", { ...payload, state });
      expect([res.status, res.body]).toEqual([403, REFUSED]);
      expect(await rows()).toHaveLength(0);
    });

    it("with a state older than 10 minutes", async () => {
      await start();
      const state = await connect(accounts.as.owner);
      server.clock.advance(10 * 60 * 1000 + 1000);
      const res = await accounts.as.owner.post("/api/twitch-callback", { ...payload, state });
      expect([res.status, res.body]).toEqual([403, REFUSED]);
      expect(await rows()).toHaveLength(0);
    });

    it("with the state of a session that has logged out", async () => {
      await start();
      const state = await connect(accounts.as.owner);
      const cookies = new Map(accounts.as.owner.cookies);
      await accounts.as.owner.post("/api/logout");
      // Replaying the old cookie does not help either: the session, and its states, are gone.
      for (const [name, value] of cookies) accounts.as.owner.cookies.set(name, value);
      const res = await accounts.as.owner.post("/api/twitch-callback", { ...payload, state });
      expect([res.status, res.body]).toEqual([403, REFUSED]);
      expect(await server.core.db.selectFrom("twitch_states").selectAll().execute()).toHaveLength(0);
      expect(await rows()).toHaveLength(0);
    });
  });

  describe("refuses a token Twitch does not confirm, and stores nothing", () => {
    it("an invalid or expired token (Twitch answers 401): 400", async () => {
      await start();
      twitch.tokens.delete(TOKEN);
      const res = await ownerCallback(payload);
      expect([res.status, res.body]).toEqual([400, { error: TWITCH_MESSAGES.tokenRefused }]);
      expect(await rows()).toHaveLength(0);
    });

    it("a token issued to another Twitch application: 400", async () => {
      await start();
      twitch.tokens.set(TOKEN, { clientId: "anotherapplication00000000000", scopes: ["chat:read"] });
      const res = await ownerCallback(payload);
      expect([res.status, res.body]).toEqual([400, { error: TWITCH_MESSAGES.otherClient }]);
      expect(await rows()).toHaveLength(0);
    });

    it("an authorization code alone, which cannot be checked: 400", async () => {
      await start();
      const res = await ownerCallback({ authCode: CODE, scope: ["chat:read"] });
      expect([res.status, res.body]).toEqual([400, { error: TWITCH_MESSAGES.tokenRequired }]);
      expect(await rows()).toHaveLength(0);
    });

    it.each(["error", "garbage"] as const)("Twitch answering %s: 503", async (failure) => {
      await start();
      twitch.failure = failure;
      const res = await ownerCallback(payload);
      expect([res.status, res.body]).toEqual([503, { error: TWITCH_MESSAGES.unreachable }]);
      expect(await rows()).toHaveLength(0);
    });
  });

  it("keeps one current authorization: a new one replaces the old", async () => {
    await start();
    await ownerCallback(payload);
    const second = "secondtoken0123456789abcdefgh";
    twitch.tokens.set(second, { clientId: FAKE_TWITCH_CLIENT_ID, scopes: ["user:read:email"] });
    await ownerCallback({ accessToken: second, authCode: CODE });
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.access_token).toBe(second);
    expect(await status()).toMatchObject({ scope: ["user:read:email"], hasAuthCode: true, hasAccessToken: true });
  });

  it("stores the token in plain text without TWITCH_TOKEN_KEY (the embedded default)", async () => {
    await start();
    await ownerCallback(payload);
    const [row] = await rows();
    expect(row).toMatchObject({ access_token: TOKEN, secret_format: "plain", client_timestamp: payload.timestamp });
  });

  it("encrypts the token with TWITCH_TOKEN_KEY; only the server itself can read it back", async () => {
    await start({ TWITCH_TOKEN_KEY: KEY });
    await ownerCallback({ ...payload, authCode: CODE });
    const [row] = await rows();
    expect(row?.secret_format).toBe("aes-256-gcm");
    expect(row?.access_token).not.toContain(TOKEN);
    expect(row?.auth_code).not.toContain(CODE);
    expect(await status()).toMatchObject({ encrypted: true, hasAccessToken: true, hasAuthCode: true });
    const system = { kind: "system", reason: "test" } as const;
    expect(await readTwitchCredentials(server.core, system, { tokenKey: KEY })).toEqual({
      accessToken: TOKEN,
      authCode: CODE,
      scope: ["chat:read", "chat:edit"],
    });
    await expect(readTwitchCredentials(server.core, system, { tokenKey: `${KEY}-other` })).rejects.toThrow();
    const owner = await accounts.as.owner.get("/api/me");
    await expect(
      readTwitchCredentials(server.core, {
        kind: "user",
        id: String(owner.body._id),
        username: "owner",
        permissions: ["override:owner"],
      }),
    ).rejects.toThrow("Only the server itself can read the Twitch credentials.");
  });

  it("never writes the token, the code or the state to a log, an answer or the audit log", async () => {
    await start();
    const state = await connect(accounts.as.owner);
    const answers = [
      await accounts.as.owner.post("/api/twitch-callback", { ...payload, authCode: CODE, state }),
      await accounts.as.owner.post("/api/twitch-callback", { ...payload, authCode: CODE, state }),
      await accounts.as.owner.post("/api/twitch-callback", { ...payload, authCode: CODE, scope: 42, state }),
      await accounts.as.owner.get("/api/admin/twitch"),
      await accounts.as.owner.get("/api/admin/audit"),
    ];
    const audit = await server.core.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "twitch.connect")
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.details ?? "{}")).toEqual({
      scope: ["chat:read", "chat:edit"],
      twitchLogin: "owner_on_twitch",
      hasAccessToken: true,
      hasAuthCode: true,
      encrypted: false,
    });
    const states = await server.core.db.selectFrom("twitch_states").selectAll().execute();
    const everything = [...answers.map((a) => a.text), ...server.logs, JSON.stringify(audit), JSON.stringify(states)];
    expect(everything.join("\n")).not.toContain(TOKEN);
    expect(everything.join("\n")).not.toContain(CODE);
    expect(everything.join("\n")).not.toContain(state);
  });

  it("treats null and empty fields as absent, as the callback page sends them", async () => {
    await start();
    const res = await ownerCallback({
      accessToken: TOKEN,
      authCode: "",
      scope: null,
      tokenType: null,
      timestamp: Date.parse(payload.timestamp),
      userAgent: "",
      referrer: "",
    });
    expect(res.body).toEqual({ ok: true });
    const [row] = await rows();
    expect(row).toMatchObject({ auth_code: null, token_type: null, user_agent: null, referrer: null });
    expect(row?.client_timestamp).toBe(payload.timestamp);
  });

  it.each([
    [{}, "An accessToken or authCode is required."],
    [{ accessToken: null, authCode: null, scope: "chat:read" }, "An accessToken or authCode is required."],
    [{ accessToken: "  " }, "An accessToken or authCode is required."],
    [
      { accessToken: "a".repeat(513) },
      "accessToken must be a Twitch token: at most 512 letters, digits or ._~+/=- characters.",
    ],
    [
      { accessToken: "has spaces in it" },
      "accessToken must be a Twitch token: at most 512 letters, digits or ._~+/=- characters.",
    ],
    [{ accessToken: 123 }, "accessToken must be a Twitch token: at most 512 letters, digits or ._~+/=- characters."],
    [
      { authCode: "<script>" },
      "authCode must be a Twitch authorization code: at most 512 letters, digits or ._~+/=- characters.",
    ],
    [
      { accessToken: TOKEN, scope: 42 },
      "scope must be a space-separated list (or a list) of Twitch scopes such as chat:read.",
    ],
    [
      { accessToken: TOKEN, scope: "chat:read <b>" },
      "scope must be a space-separated list (or a list) of Twitch scopes such as chat:read.",
    ],
    [
      { accessToken: TOKEN, scope: "a ".repeat(1001) },
      "scope must be a space-separated list (or a list) of Twitch scopes such as chat:read.",
    ],
    [{ accessToken: TOKEN, tokenType: "bearer token!" }, "tokenType must be a short word such as bearer."],
    [
      { accessToken: TOKEN, timestamp: "yesterday" },
      "timestamp must be a date: ISO 8601 text or milliseconds since 1970.",
    ],
    [{ accessToken: TOKEN, timestamp: {} }, "timestamp must be a date: ISO 8601 text or milliseconds since 1970."],
    [{ accessToken: TOKEN, userAgent: "x".repeat(513) }, "userAgent must be text of at most 512 characters."],
    [{ accessToken: TOKEN, referrer: "x".repeat(2049) }, "referrer must be text of at most 2048 characters."],
    [
      { accessToken: TOKEN, state: "not a state!" },
      "state must be the value Twitch sent back: at most 128 letters, digits, - or _.",
    ],
    [
      { accessToken: TOKEN, state: "s".repeat(129) },
      "state must be the value Twitch sent back: at most 128 letters, digits, - or _.",
    ],
    [{ accessToken: TOKEN, extra: 1 }, "Unknown body field: extra."],
    [[TOKEN], "The request body must be a JSON object."],
  ])("refuses bad input with 400 and a message naming the field (%#)", async (body, error) => {
    await start();
    const res = await accounts.as.owner.post("/api/twitch-callback", body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
    expect(await rows()).toHaveLength(0);
  });

  it("refuses a cross-site post, even with the owner's cookie and state", async () => {
    await start();
    const state = await connect(accounts.as.owner);
    const evil = new TestClient(server.url, "https://evil.example");
    for (const [name, value] of accounts.as.owner.cookies) evil.cookies.set(name, value);
    const res = await evil.post("/api/twitch-callback", { ...payload, state });
    expect(res.status).toBe(403);
    expect(await rows()).toHaveLength(0);
  });

  it("is rate-limited per IP", async () => {
    await start({}, { twitchCallbackPerIp: 2 });
    await server.client().post("/api/twitch-callback", payload);
    await server.client().post("/api/twitch-callback", payload);
    const res = await server.client().post("/api/twitch-callback", payload);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: "Too many requests. Please wait a few minutes and try again." });
  });
});

describe("GET /api/admin/twitch", () => {
  it("answers 'not connected' before any authorization", async () => {
    await start();
    expect(await status()).toEqual(NOT_CONNECTED);
  });

  it.each([
    ["owner", 200],
    ["admin", 200],
    ["moderator", 200],
    ["user", 403],
    ["anonymous", 401],
  ] as const)("answers %s with %i (needs website:admin:view)", async (who, code) => {
    await start();
    const res = await accounts.as[who].get("/api/admin/twitch");
    expect(res.status).toBe(code);
    if (code === 403) expect(res.body).toEqual({ error: "You do not have permission to view the admin panel." });
    if (code === 401) expect(res.body).toEqual({ error: "You must be logged in." });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});

describe("Content-Security-Policy for the stream widgets", () => {
  it("lets pages open the Twitch chat and Pulsoid heart-rate WebSockets, and load https images", async () => {
    await start();
    const csp = (await server.client().get("/")).headers.get("content-security-policy") ?? "";
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1]?.split(" ") ?? [];
    expect(connect).toEqual(expect.arrayContaining(["'self'", "wss://irc-ws.chat.twitch.tv", "wss://dev.pulsoid.net"]));
    expect(/img-src ([^;]*)/.exec(csp)?.[1]?.split(" ")).toContain("https:");
  });

  it("lets a widget try a loopback WebSocket source outside production", async () => {
    await start();
    expect(await connectSources(server)).toEqual(expect.arrayContaining(["ws://127.0.0.1:*", "ws://localhost:*"]));
  });

  it("allows no loopback WebSocket source in production", async () => {
    await start({ NODE_ENV: "production", BCRYPT_COST: "10" });
    const sources = await connectSources(server);
    expect(sources).toContain("wss://irc-ws.chat.twitch.tv");
    expect(sources.filter((source) => source.startsWith("ws://"))).toEqual([]);
  });
});

async function connectSources(target: TestServer): Promise<string[]> {
  const csp = (await target.client().get("/")).headers.get("content-security-policy") ?? "";
  return /connect-src ([^;]*)/.exec(csp)?.[1]?.split(" ") ?? [];
}
