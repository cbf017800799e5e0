/** SECURITY.md items 1-16 that live at the HTTP edge, each checked against the running app. */
import { createHash } from "node:crypto";
import { hashPassword } from "@portfolio/core/services";
import { type RoleAccounts, roleAccounts } from "@portfolio/testing/server/accounts.ts";
import {
  OWNER,
  outboxMails,
  startTestServer,
  type TestServer,
  tokenFromLink,
} from "@portfolio/testing/server/test-server.ts";
import { afterEach, describe, expect, it } from "vitest";
import { readConfig } from "../config.ts";

let server: TestServer;
afterEach(async () => {
  await server?.close();
});

describe("session cookie (1, 2)", () => {
  it("is HttpOnly, SameSite=Lax, Path=/ and not Secure over plain http", async () => {
    server = await startTestServer();
    const res = await server.client().post("/api/login", { username: OWNER.username, password: OWNER.password });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("session=")) ?? "";
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/);
  });

  it("is Secure when the site is served over HTTPS", async () => {
    server = await startTestServer({ env: { PUBLIC_URL: "https://portfolio.example" } });
    const res = await server.client().post("/api/login", { username: OWNER.username, password: OWNER.password });
    expect(res.headers.getSetCookie().find((c) => c.startsWith("session="))).toMatch(/; Secure/);
  });

  it("carries a 256-bit random token whose hash alone is stored, new at every login", async () => {
    server = await startTestServer();
    const first = await server.login(OWNER.username, OWNER.password);
    const second = await server.login(OWNER.username, OWNER.password);
    const tokens = [first.cookies.get("session") ?? "", second.cookies.get("session") ?? ""];
    expect(tokens[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens[0]).not.toBe(tokens[1]);
    const rows = await server.core.db.selectFrom("sessions").select("token_hash").execute();
    expect(rows.map((r) => r.token_hash).sort()).toEqual(
      tokens.map((t) => createHash("sha256").update(t).digest("hex")).sort(),
    );
  });

  it("ends the browser's previous session when it logs in again", async () => {
    server = await startTestServer();
    const browser = await server.login(OWNER.username, OWNER.password);
    const first = browser.cookies.get("session") ?? "";
    // The second login carries the first cookie, as a browser does.
    expect((await browser.post("/api/login", { username: OWNER.username, password: OWNER.password })).status).toBe(200);
    const second = browser.cookies.get("session") ?? "";
    expect(second).not.toBe(first);
    const stale = server.client();
    stale.cookies.set("session", first);
    expect((await stale.get("/api/me")).status).toBe(401);
    expect((await browser.get("/api/me")).status).toBe(200);
    const rows = await server.core.db.selectFrom("sessions").select("token_hash").execute();
    expect(rows.map((r) => r.token_hash)).toEqual([createHash("sha256").update(second).digest("hex")]);
  });

  it("ends the previous session of the browser even when another user logs in there", async () => {
    server = await startTestServer();
    const accounts = await roleAccounts(server);
    const browser = accounts.as.user;
    const first = browser.cookies.get("session") ?? "";
    expect((await browser.post("/api/login", { username: "admin1", password: "account-pass-1" })).status).toBe(200);
    const stale = server.client();
    stale.cookies.set("session", first);
    expect((await stale.get("/api/me")).status).toBe(401);
    expect((await browser.get("/api/me")).body).toMatchObject({ username: "admin1" });
  });

  it("keeps the previous session when the new login fails", async () => {
    server = await startTestServer();
    const browser = await server.login(OWNER.username, OWNER.password);
    expect((await browser.post("/api/login", { username: OWNER.username, password: "wrong-password" })).status).toBe(
      401,
    );
    expect((await browser.get("/api/me")).status).toBe(200);
  });

  it("expires after the session lifetime", async () => {
    server = await startTestServer();
    const client = await server.login(OWNER.username, OWNER.password);
    server.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await client.get("/api/me")).status).toBe(401);
  });
});

describe("origin check (3)", () => {
  let accounts: RoleAccounts;
  async function projectCount() {
    return (await server.core.db.selectFrom("projects").select("id").execute()).length;
  }
  const body = { title: "T", description: "D" };

  it("refuses a state-changing call from a foreign Origin and changes nothing", async () => {
    server = await startTestServer();
    accounts = await roleAccounts(server);
    accounts.as.admin.origin = "https://evil.example";
    const res = await accounts.as.admin.post("/api/projects", body);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "Cross-site request refused: this call must come from the site itself." });
    expect(await projectCount()).toBe(14);
  });

  it("refuses a call with neither Origin nor Referer", async () => {
    server = await startTestServer();
    accounts = await roleAccounts(server);
    accounts.as.admin.origin = null;
    expect((await accounts.as.admin.post("/api/projects", body)).status).toBe(403);
  });

  it("refuses Origin null even with a same-site Referer", async () => {
    server = await startTestServer();
    accounts = await roleAccounts(server);
    accounts.as.admin.origin = "null";
    expect(
      (await accounts.as.admin.post("/api/projects", body, { referer: `${server.url}/admin/settings` })).status,
    ).toBe(403);
  });

  it("accepts a same-site Referer when the Origin is missing", async () => {
    server = await startTestServer();
    accounts = await roleAccounts(server);
    accounts.as.admin.origin = null;
    expect(
      (await accounts.as.admin.post("/api/projects", body, { referer: `${server.url}/admin/settings` })).status,
    ).toBe(201);
  });

  it("accepts an origin from CORS_ORIGINS and answers CORS headers with credentials", async () => {
    server = await startTestServer({ env: { CORS_ORIGINS: "https://desk.example" } });
    accounts = await roleAccounts(server);
    accounts.as.admin.origin = "https://desk.example";
    const res = await accounts.as.admin.post("/api/projects", body);
    expect(res.status).toBe(201);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://desk.example");
    expect(res.headers.get("access-control-allow-credentials")).toBe("true");
  });

  it("offers no GET that changes state: logout is POST only", async () => {
    server = await startTestServer();
    const client = await server.login(OWNER.username, OWNER.password);
    expect((await client.get("/api/logout")).status).toBe(404);
    expect((await client.get("/api/me")).status).toBe(200);
  });
});

describe("passwords (4) and login (7)", () => {
  it("stores bcrypt hashes at the configured cost", async () => {
    server = await startTestServer();
    const row = await server.core.db.selectFrom("users").select("password_hash").executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$2[aby]\$04\$/);
  });

  it("defaults to cost 12 and refuses a cost below 10 in production", () => {
    expect(readConfig({}).bcryptCost).toBe(12);
    expect(() => readConfig({ NODE_ENV: "production", BCRYPT_COST: "9" })).toThrow(
      "BCRYPT_COST must be at least 10 in production.",
    );
  });
});

describe("rate limits (8)", () => {
  it("limits failed logins per username and IP with a 429 and a clear message", async () => {
    server = await startTestServer({ rateLimits: { loginPerUsername: 3 } });
    const client = server.client();
    for (let i = 0; i < 3; i++)
      expect((await client.post("/api/login", { username: "owner", password: "wrong" })).status).toBe(401);
    const limited = await client.post("/api/login", { username: "owner", password: OWNER.password });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: "Too many login attempts. Please wait a few minutes and try again." });
    // Another name from the same address is not locked out by it.
    expect((await client.post("/api/login", { username: "someone", password: "wrong" })).status).toBe(401);
  });

  it("does not count successful logins against the username", async () => {
    server = await startTestServer({ rateLimits: { loginPerUsername: 2 } });
    for (let i = 0; i < 4; i++)
      expect((await server.client().post("/api/login", { username: "owner", password: OWNER.password })).status).toBe(
        200,
      );
  });

  it("limits logins per IP across usernames", async () => {
    server = await startTestServer({ rateLimits: { loginPerIp: 3 } });
    for (let i = 0; i < 3; i++) await server.client().post("/api/login", { username: `name${i}`, password: "wrong" });
    expect((await server.client().post("/api/login", { username: "name9", password: "wrong" })).status).toBe(429);
  });

  it("limits failed logins per account across IPs", async () => {
    // Behind a proxy each request names its client in X-Forwarded-For: an attacker rotating addresses.
    server = await startTestServer({
      env: { TRUST_PROXY: "1" },
      rateLimits: { loginPerAccount: 3, loginPerUsername: 100, loginPerIp: 100 },
    });
    const from = (n: number) => ({ "x-forwarded-for": `203.0.113.${n}` });
    for (let i = 1; i <= 3; i++)
      expect((await server.client().post("/api/login", { username: "owner", password: "wrong" }, from(i))).status).toBe(
        401,
      );
    const limited = await server
      .client()
      .post("/api/login", { username: " OWNER ", password: OWNER.password }, from(4));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: "Too many login attempts. Please wait a few minutes and try again." });
    // Other accounts are not locked out by it.
    expect((await server.client().post("/api/login", { username: "someone", password: "wrong" }, from(5))).status).toBe(
      401,
    );
  });

  it("counts a login with no username against no name's limit: it is a 400 however many came before", async () => {
    server = await startTestServer({
      env: { TRUST_PROXY: "1" },
      rateLimits: { loginPerAccount: 2, loginPerUsername: 2 },
    });
    const from = (n: number) => ({ "x-forwarded-for": `203.0.113.${n}` });
    for (let i = 1; i <= 3; i++) await server.client().post("/api/login", { password: "wrong" }, from(i));
    const res = await server.client().post("/api/login", { password: "wrong" }, from(3));
    expect(res.status).toBe(400);
  });

  it("keeps the per-account limit for failures only", async () => {
    server = await startTestServer({ env: { TRUST_PROXY: "1" }, rateLimits: { loginPerAccount: 2 } });
    for (let i = 1; i <= 4; i++) {
      const res = await server
        .client()
        .post(
          "/api/login",
          { username: OWNER.username, password: OWNER.password },
          { "x-forwarded-for": `198.51.100.${i}` },
        );
      expect(res.status).toBe(200);
    }
  });

  it("limits forgot-password per e-mail and per IP", async () => {
    server = await startTestServer({ rateLimits: { forgotPerEmail: 2, forgotPerIp: 4 } });
    const client = server.client();
    for (let i = 0; i < 2; i++)
      expect((await client.post("/api/forgot-password", { email: "a@example.com" })).status).toBe(200);
    const perEmail = await client.post("/api/forgot-password", { email: "A@example.com" });
    expect(perEmail.status).toBe(429);
    expect(perEmail.body).toEqual({ error: "Too many requests. Please wait a few minutes and try again." });
    expect((await client.post("/api/forgot-password", { email: "b@example.com" })).status).toBe(200);
    expect((await client.post("/api/forgot-password", { email: "c@example.com" })).status).toBe(429);
  });
});

describe("input and output (13, 15)", () => {
  it("answers 413 for a body over the limit", async () => {
    server = await startTestServer();
    const res = await server
      .client()
      .post("/api/signup", { username: "big", email: "big@example.com", password: "x".repeat(200_000) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: "The request body is too large." });
  });

  it("answers malformed JSON with a 400 JSON error", async () => {
    server = await startTestServer();
    const res = await server.client().post("/api/login", "{not json");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "The request body is not valid JSON." });
  });

  it("answers a body that is not an object with a 400", async () => {
    server = await startTestServer();
    const res = await server.client().post("/api/signup", "[1,2]");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "The request body must be a JSON object." });
  });

  it("answers an unknown API path with a 404 JSON error", async () => {
    server = await startTestServer();
    const res = await server.client().get("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "No API endpoint at GET /does-not-exist." });
  });

  it("sends security headers", async () => {
    server = await startTestServer();
    const res = await server.client().get("/");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("content-security-policy")).toContain("https://www.youtube.com");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("x-powered-by")).toBeNull();
  });

  it("lets nothing load, run or frame an API answer", async () => {
    server = await startTestServer();
    for (const path of ["/api/hello", "/api/projects", "/api/does-not-exist"]) {
      const res = await server.client().get(path);
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    }
  });

  it("sends an API answer none of the headers only a document acts on", async () => {
    server = await startTestServer();
    const res = await server.client().get("/api/projects");
    for (const name of [
      "cross-origin-opener-policy",
      "origin-agent-cluster",
      "x-dns-prefetch-control",
      "x-download-options",
      "x-permitted-cross-domain-policies",
      "x-xss-protection",
    ]) {
      expect(res.headers.get(name), name).toBeNull();
    }
  });

  it("requires HTTPS for API answers when the site is served over HTTPS", async () => {
    server = await startTestServer({ env: { PUBLIC_URL: "https://portfolio.example" } });
    const res = await server.client().get("/api/hello");
    expect(res.headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
  });

  it("keeps the pages' policy on the API's own page to read, whose inline style it allows", async () => {
    server = await startTestServer();
    const res = await server.client().get("/api/docs");
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("content-security-policy")).toContain("style-src 'self' 'unsafe-inline'");
  });
});

describe("text fields refuse control characters (13)", () => {
  it("refuses a null byte in a project title with a message naming the field and stores nothing", async () => {
    server = await startTestServer();
    const owner = await server.login(OWNER.username, OWNER.password);
    const res = await owner.post("/api/projects", { title: "Wid\u0000get", description: "D" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Title must not contain control characters." });
    expect((await server.core.db.selectFrom("projects").select("id").execute()).length).toBe(14);
  });

  it("refuses an escape character in a sign-up username and creates no account", async () => {
    server = await startTestServer();
    const res = await server
      .client()
      .post("/api/signup", { username: "ali\u001bce", email: "alice@example.com", password: "alice-pass" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Username must not contain control characters." });
    expect((await server.core.db.selectFrom("users").select("id").execute()).length).toBe(1);
  });

  it("refuses a line break in the profile's tagline", async () => {
    server = await startTestServer();
    const owner = await server.login(OWNER.username, OWNER.password);
    const profile = (await owner.get("/api/settings/profile")).body;
    const res = await owner.patch("/api/admin/settings/profile", { ...profile, tagline: "Line\nbreak" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Tagline must not contain control characters." });
  });
});

describe("passwords over bcrypt's 72 bytes (4)", () => {
  const TOO_LONG = { error: "Password must be at most 72 bytes long." };

  it("are refused at sign-up", async () => {
    server = await startTestServer();
    const res = await server
      .client()
      .post("/api/signup", { username: "longpw", email: "longpw@example.com", password: "a".repeat(73) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(TOO_LONG);
  });

  it("are refused at reset, and the link stays usable", async () => {
    server = await startTestServer();
    await server.client().post("/api/forgot-password", { email: OWNER.email });
    await server.core.mailer.drain();
    const token = tokenFromLink(outboxMails(server.outboxDir).at(-1)?.link ?? "");
    const res = await server.client().post("/api/reset-password", { token, newPassword: "é".repeat(40) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(TOO_LONG);
    expect((await server.client().post("/api/reset-password", { token, newPassword: "new-pass-1" })).status).toBe(200);
  });

  it("are refused at login with the same message, even at 10,000 characters", async () => {
    server = await startTestServer();
    for (const password of ["a".repeat(73), "a".repeat(10_000)]) {
      const res = await server.client().post("/api/login", { username: OWNER.username, password });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(TOO_LONG);
    }
  });

  it("are refused at login rather than matched on their first 72 bytes", async () => {
    server = await startTestServer();
    const exact = "p".repeat(72);
    await server.core.db
      .updateTable("users")
      .set({ password_hash: await hashPassword(exact, 4) })
      .where("username", "=", OWNER.username)
      .execute();
    expect((await server.client().post("/api/login", { username: OWNER.username, password: exact })).status).toBe(200);
    const longer = await server.client().post("/api/login", { username: OWNER.username, password: `${exact}-extra` });
    expect(longer.status).toBe(400);
    expect(longer.body).toEqual(TOO_LONG);
  });
});

describe("no secret in any answer or log (14)", () => {
  it("never shows a password hash or token in answers, and logs no link in production", async () => {
    server = await startTestServer({ env: { NODE_ENV: "production", BCRYPT_COST: "10" } });
    const texts: string[] = [];
    const record = <T extends { text: string }>(res: T) => {
      texts.push(res.text);
      return res;
    };
    const anon = server.client();
    record(await anon.post("/api/signup", { username: "leaky", email: "leaky@example.com", password: "leaky-pass" }));
    await server.core.mailer.drain();
    const activation = tokenFromLink(outboxMails(server.outboxDir).at(-1)?.link ?? "");
    record(await anon.post("/api/activate-account", { token: activation }));
    record(await anon.post("/api/forgot-password", { email: "leaky@example.com" }));
    await server.core.mailer.drain();
    const reset = tokenFromLink(outboxMails(server.outboxDir).at(-1)?.link ?? "");
    record(await anon.post("/api/reset-password", { token: reset, newPassword: "leaky-pass-2" }));
    const owner = await server.login(OWNER.username, OWNER.password);
    record(await owner.get("/api/me"));
    record(await owner.get("/api/admin/users"));
    record(await owner.get("/api/sessions"));
    const sessionToken = owner.cookies.get("session") ?? "";
    const hashes = (await server.core.db.selectFrom("users").select("password_hash").execute()).map(
      (r) => r.password_hash,
    );
    const secrets = [activation, reset, sessionToken, ...hashes, OWNER.password, "leaky-pass"];
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(5);
      for (const text of [...texts, ...server.logs]) expect(text).not.toContain(secret);
    }
    expect(server.logs.some((line) => line.includes("token="))).toBe(false);
  });

  it("logs outbox links outside production, the documented exception", async () => {
    server = await startTestServer();
    await server.client().post("/api/signup", { username: "dev1", email: "dev1@example.com", password: "dev-pass-1" });
    await server.core.mailer.drain();
    expect(server.logs.some((line) => line.includes("/activate-account?token="))).toBe(true);
  });
});

describe("audit log (11)", () => {
  it("records logins, failed logins, token issue, role changes and deletions", async () => {
    server = await startTestServer();
    const accounts = await roleAccounts(server);
    await server.client().post("/api/login", { username: "owner", password: "wrong" });
    await server.client().post("/api/forgot-password", { email: "user1@example.com" });
    await accounts.as.owner.patch("/api/admin/roles/user", { permissions: ["website:view", "projects:view"] });
    await accounts.as.admin.delete(`/api/admin/users/${accounts.ids.user}`);
    const rows = await server.core.db.selectFrom("audit_log").selectAll().execute();
    const actions = rows.map((r) => r.action);
    for (const action of ["auth.login", "auth.login_failed", "token.issued", "role.edit", "user.delete"])
      expect(actions).toContain(action);
    const roleEdit = rows.find((r) => r.action === "role.edit");
    expect(roleEdit?.actor_name).toBe("owner");
    expect(JSON.parse(roleEdit?.details ?? "{}")).toMatchObject({
      before: { permissions: ["website:view"] },
      after: { permissions: ["website:view", "projects:view"] },
    });
  });

  it("is append-only", async () => {
    server = await startTestServer();
    await server.login(OWNER.username, OWNER.password);
    await expect(server.core.db.deleteFrom("audit_log").execute()).rejects.toThrow("audit_log is append-only");
    await expect(server.core.db.updateTable("audit_log").set({ action: "x" }).execute()).rejects.toThrow(
      "audit_log is append-only",
    );
  });
});

describe("CORS for allow-listed origins on reads", () => {
  it("answers the public project list with CORS headers to an origin in CORS_ORIGINS", async () => {
    server = await startTestServer({ env: { CORS_ORIGINS: "https://cdn.example" } });
    const allowed = await server.client().get("/api/projects", { origin: "https://cdn.example" });
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://cdn.example");
    const other = await server.client().get("/api/projects", { origin: "https://evil.example" });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("e-mail tokens (5)", () => {
  it("stores only the SHA-256 of the 256-bit token that the mail carries", async () => {
    server = await startTestServer();
    await server
      .client()
      .post("/api/signup", { username: "hashme", email: "hashme@example.com", password: "hash-pass-1" });
    await server.core.mailer.drain();
    const token = tokenFromLink(outboxMails(server.outboxDir).at(-1)?.link ?? "");
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const rows = await server.core.db.selectFrom("tokens").select("token_hash").execute();
    expect(rows.map((r) => r.token_hash)).toEqual([createHash("sha256").update(token).digest("hex")]);
  });
});

describe("login timing (7)", () => {
  it("spends a bcrypt comparison on an unknown username too", async () => {
    // At cost 10 a comparison takes tens of milliseconds; skipping it would make unknown names ~50x faster.
    server = await startTestServer({ env: { BCRYPT_COST: "10", OWNER_PASSWORD: OWNER.password } });
    const client = server.client();
    const time = async (username: string) => {
      const started = performance.now();
      expect((await client.post("/api/login", { username, password: "wrong-password" })).status).toBe(401);
      return performance.now() - started;
    };
    await time("warm-up-name");
    // Each pair's two logins run back to back, under the same load; the median of five pairs' ratios is
    // unmoved by a burst of other work during one call.
    const ratios: number[] = [];
    for (let i = 0; i < 5; i++) {
      const known = await time(OWNER.username);
      ratios.push((await time(`nobody${i}`)) / known);
    }
    expect(ratios.sort((a, b) => a - b)[2]).toBeGreaterThan(0.3);
  });
});
