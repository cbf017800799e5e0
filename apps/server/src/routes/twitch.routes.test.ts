import type { TwitchStatus } from "@portfolio/core/domain";
import { readTwitchCredentials } from "@portfolio/core/services";
import { afterEach, describe, expect, it } from "vitest";
import { type RoleAccounts, roleAccounts } from "../test/accounts.ts";
import { startTestServer, TestClient, type TestServer } from "../test/test-server.ts";

const TOKEN = "abcdefghijklmnopqrstuvwxyz0123";
const CODE = "zyxwvutsrqponmlkjihgfedcba9876";
const KEY = "a-test-key-of-32-characters-long";
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

let server: TestServer;
let accounts: RoleAccounts;
async function start(env: Record<string, string> = {}, rateLimits = {}) {
  server = await startTestServer({ env, rateLimits });
  accounts = await roleAccounts(server);
}
afterEach(async () => {
  await server.close();
});

const rows = () => server.core.db.selectFrom("twitch_authorizations").selectAll().execute();
const status = async () => (await accounts.as.admin.get<TwitchStatus>("/api/admin/twitch")).body;

describe("POST /api/twitch-callback", () => {
  it("stores the authorization and answers {ok: true}; the admin status shows it without the token", async () => {
    await start();
    const res = await server.client().post("/api/twitch-callback", payload);
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

  it("accepts an authorization code alone, and a scope list", async () => {
    await start();
    const res = await server.client().post("/api/twitch-callback", { authCode: CODE, scope: ["chat:read"] });
    expect(res.body).toEqual({ ok: true });
    expect(await status()).toMatchObject({
      connected: true,
      hasAccessToken: false,
      hasAuthCode: true,
      scope: ["chat:read"],
    });
  });

  it("keeps one current authorization: a new one replaces the old", async () => {
    await start();
    await server.client().post("/api/twitch-callback", payload);
    await server.client().post("/api/twitch-callback", { authCode: CODE, scope: "user:read:email" });
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.access_token).toBeNull();
    expect(await status()).toMatchObject({ scope: ["user:read:email"], hasAuthCode: true, hasAccessToken: false });
  });

  it("stores the token in plain text without TWITCH_TOKEN_KEY (the embedded default)", async () => {
    await start();
    await server.client().post("/api/twitch-callback", payload);
    const [row] = await rows();
    expect(row).toMatchObject({ access_token: TOKEN, secret_format: "plain", client_timestamp: payload.timestamp });
  });

  it("encrypts the token with TWITCH_TOKEN_KEY; only the server itself can read it back", async () => {
    await start({ TWITCH_TOKEN_KEY: KEY });
    await server.client().post("/api/twitch-callback", { ...payload, authCode: CODE });
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

  it("never writes the token or the code to a log, an answer or the audit log", async () => {
    await start();
    const answers = [
      await server.client().post("/api/twitch-callback", { ...payload, authCode: CODE }),
      await server.client().post("/api/twitch-callback", { ...payload, authCode: CODE, scope: 42 }),
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
      hasAccessToken: true,
      hasAuthCode: true,
      encrypted: false,
    });
    const everything = [...answers.map((a) => a.text), ...server.logs, JSON.stringify(audit)].join("\n");
    expect(everything).not.toContain(TOKEN);
    expect(everything).not.toContain(CODE);
  });

  it("treats null and empty fields as absent, as the callback page sends them", async () => {
    await start();
    const res = await server.client().post("/api/twitch-callback", {
      accessToken: "",
      authCode: CODE,
      scope: null,
      tokenType: null,
      timestamp: Date.parse(payload.timestamp),
      userAgent: "",
      referrer: "",
    });
    expect(res.body).toEqual({ ok: true });
    const [row] = await rows();
    expect(row).toMatchObject({ access_token: null, scope: "[]", token_type: null, referrer: null });
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
    [[TOKEN], "The request body must be a JSON object."],
  ])("refuses bad input with 400 and a message naming the field (%#)", async (body, error) => {
    await start();
    const res = await server.client().post("/api/twitch-callback", body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
    expect(await rows()).toHaveLength(0);
  });

  it("refuses a cross-site post", async () => {
    await start();
    const res = await new TestClient(server.url, "https://evil.example").post("/api/twitch-callback", payload);
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
    const csp = (await server.client().get("/api/hello")).headers.get("content-security-policy") ?? "";
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
  const csp = (await target.client().get("/api/hello")).headers.get("content-security-policy") ?? "";
  return /connect-src ([^;]*)/.exec(csp)?.[1]?.split(" ") ?? [];
}
