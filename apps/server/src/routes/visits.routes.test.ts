/**
 * Cookieless visitor counting over HTTP (docs/design.md section 10): what a beacon counts and what it does
 * not, the Dashboard's answer, and who may read it. Each instance adds beacons up in memory; `counted`
 * waits for the beacons' work after their 204 and writes the batch, as the timer would.
 */
import { randomUUID } from "node:crypto";
import { type AnalyticsAnswer, VISIT_MESSAGES } from "@portfolio/core/domain";
import { runHousekeeping } from "@portfolio/core/services";
import { type RoleAccounts, roleAccounts } from "@portfolio/testing/server/accounts.ts";
import { startTestServer, TestClient, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let server: TestServer;
let accounts: RoleAccounts;
beforeEach(async () => {
  // Writes only when a test says so: the timer's first tick reads the salt, then waits a minute.
  server = await startTestServer({ env: { VISITS_FLUSH_MS: "60000" } });
  accounts = await roleAccounts(server);
});
afterEach(async () => {
  await server.close();
});

const today = () => server.core.now().toISOString().slice(0, 10);

async function counted(instance: TestServer = server): Promise<void> {
  await instance.core.inFlight.settled();
  await instance.core.tools?.visits?.flush();
}

function beacon(client: TestClient, body: unknown, userAgent = BROWSER, headers: Record<string, string> = {}) {
  return client.post("/api/visits", body, { "user-agent": userAgent, ...headers });
}

async function figures(as = accounts.as.owner): Promise<AnalyticsAnswer> {
  const day = today();
  const res = await as.get<AnalyticsAnswer>(`/api/admin/analytics?from=${day}&to=${day}`);
  expect(res.status).toBe(200);
  return res.body;
}

describe("POST /api/visits", () => {
  it("sends no SQL statement for a beacon once the day's salt is known: the batch writes later", async () => {
    await beacon(server.client(), { path: "/", kind: "view" });
    await counted();
    expect(await server.countStatements(() => beacon(server.client(), { path: "/calendar", kind: "view" }))).toBe(0);
  });

  it("answers 204 and sets no cookie", async () => {
    const res = await beacon(server.client(), { path: "/", kind: "view" });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("counts a page view once, and the same visitor's second view as a view but not a visitor", async () => {
    const visitor = server.client();
    await beacon(visitor, { path: "/calendar", kind: "view", referrer: "https://news.example.org/item?id=1" });
    await beacon(visitor, { path: "/calendar", kind: "view" });
    await counted();
    const answer = await figures();
    expect(answer.days).toEqual([{ date: today(), pageViews: 2, visitors: 1 }]);
    expect(answer.pages).toEqual([{ path: "/calendar", pageViews: 2, visitors: 1 }]);
    expect(answer.referrers).toEqual([{ host: "news.example.org", visitors: 1 }]);
    expect(answer.devices).toEqual([{ device: "desktop", visitors: 1 }]);
    expect(answer.live).toEqual({ visitors: 1 });
  });

  it("tells visitors apart by user agent, and keeps a page's UTM source but not its query", async () => {
    await beacon(server.client(), { path: "/?utm_source=Newsletter&id=secret", kind: "view" }, PHONE);
    await beacon(server.client(), { path: "/", kind: "view" });
    await counted();
    const answer = await figures();
    expect(answer.pages).toEqual([{ path: "/", pageViews: 2, visitors: 2 }]);
    expect(answer.sources).toEqual([{ source: "newsletter", visitors: 1 }]);
    expect(answer.devices).toEqual([
      { device: "desktop", visitors: 1 },
      { device: "mobile", visitors: 1 },
    ]);
  });

  it("counts a project's Code and Demo clicks once each, under its title", async () => {
    const project = await server.core.db.selectFrom("projects").select(["id", "title"]).executeTakeFirstOrThrow();
    await beacon(server.client(), { path: "/", kind: "code", projectId: project.id });
    await beacon(server.client(), { path: "/", kind: "demo", projectId: project.id });
    await counted();
    const answer = await figures();
    expect(answer.projects).toEqual([{ id: project.id, title: project.title, views: 0, codeClicks: 1, demoClicks: 1 }]);
    // A click is no page view.
    expect(answer.days).toEqual([{ date: today(), pageViews: 0, visitors: 0 }]);
  });

  it("counts nothing when the browser sends Sec-GPC: 1", async () => {
    expect((await beacon(server.client(), { path: "/", kind: "view" }, BROWSER, { "sec-gpc": "1" })).status).toBe(204);
    await counted();
    expect((await figures()).days).toEqual([{ date: today(), pageViews: 0, visitors: 0 }]);
  });

  it("counts nothing when the browser sends DNT: 1", async () => {
    expect((await beacon(server.client(), { path: "/", kind: "view" }, BROWSER, { dnt: "1" })).status).toBe(204);
    await counted();
    expect((await figures()).days).toEqual([{ date: today(), pageViews: 0, visitors: 0 }]);
  });

  it("counts nothing from a bot", async () => {
    expect((await beacon(server.client(), { path: "/", kind: "view" }, BOT)).status).toBe(204);
    await counted();
    expect((await figures()).days).toEqual([{ date: today(), pageViews: 0, visitors: 0 }]);
  });

  it("counts nothing from a load balancer's health check", async () => {
    await beacon(server.client(), { path: "/", kind: "view" }, "ELB-HealthChecker/2.0");
    await beacon(server.client(), { path: "/", kind: "view" }, "kube-probe/1.31");
    await counted();
    expect((await figures()).days).toEqual([{ date: today(), pageViews: 0, visitors: 0 }]);
  });

  it("counts nothing from signed-in staff", async () => {
    expect((await beacon(accounts.as.moderator, { path: "/", kind: "view" })).status).toBe(204);
    await counted();
    expect((await figures()).days).toEqual([{ date: today(), pageViews: 0, visitors: 0 }]);
  });

  it("counts nothing of the admin panel", async () => {
    await beacon(server.client(), { path: "/admin/users", kind: "view" });
    await counted();
    expect((await figures()).pages).toEqual([]);
  });

  it("counts nothing while the owner has counting off", async () => {
    const off = await accounts.as.owner.patch("/api/admin/settings/analytics", { countVisitors: false });
    expect(off.body).toEqual({ countVisitors: false });
    await beacon(server.client(), { path: "/", kind: "view" });
    await counted();
    expect((await figures()).days).toEqual([{ date: today(), pageViews: 0, visitors: 0 }]);
  });

  it("counts at most VISITS_PER_ADDRESS_PER_MINUTE beacons of one address a minute", async () => {
    await server.close();
    server = await startTestServer({ env: { VISITS_FLUSH_MS: "60000", VISITS_PER_ADDRESS_PER_MINUTE: "3" } });
    accounts = await roleAccounts(server);
    for (let i = 0; i < 5; i++) expect((await beacon(server.client(), { path: "/", kind: "view" })).status).toBe(204);
    await counted();
    expect((await figures()).days).toEqual([{ date: today(), pageViews: 3, visitors: 1 }]);
  });

  it("refuses an unknown kind with the field's message", async () => {
    const res = await beacon(server.client(), { path: "/", kind: "scroll" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: VISIT_MESSAGES.kind });
  });

  it("refuses a Code click without its project", async () => {
    const res = await beacon(server.client(), { path: "/", kind: "code" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: VISIT_MESSAGES.projectIdNeeded });
  });

  it("refuses bad input alike when the caller has a session (the full path)", async () => {
    const res = await beacon(accounts.as.user, { path: "/", kind: "scroll" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: VISIT_MESSAGES.kind });
  });

  it("counts a signed-in visitor who is not staff", async () => {
    await beacon(accounts.as.user, { path: "/", kind: "view" });
    await counted();
    expect((await figures()).days).toEqual([{ date: today(), pageViews: 1, visitors: 1 }]);
  });

  it("refuses a beacon from another site", async () => {
    const res = await new TestClient(server.url, "https://elsewhere.example").post(
      "/api/visits",
      { path: "/", kind: "view" },
      { "user-agent": BROWSER },
    );
    expect(res.status).toBe(403);
  });

  it("refuses a body that is not JSON", async () => {
    const res = await server.client().post("/api/visits", "{", { "user-agent": BROWSER });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "The request body is not valid JSON." });
  });

  it("refuses a path that is not one of the site's", async () => {
    const res = await beacon(server.client(), { path: "https://elsewhere.example/", kind: "view" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: VISIT_MESSAGES.path });
  });
});

describe("the daily salt", () => {
  /** Moves the server's clock to `minutes` past the next UTC midnight. */
  function toNextDay(minutes: number) {
    const now = server.core.now();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    server.clock.advance(midnight - now.getTime() + minutes * 60_000);
  }

  it("is gone, with the day's visitor hashes, once its day is over; the counts stay", async () => {
    await beacon(server.client(), { path: "/", kind: "view" });
    await counted();
    const day = today();
    expect(await server.core.db.selectFrom("visit_salts").select("day").execute()).toEqual([{ day }]);
    toNextDay(11);
    await runHousekeeping(server.core);
    const salts = await server.core.db.selectFrom("visit_salts").select("day").where("day", "=", day).execute();
    expect(salts).toEqual([]);
    const hashes = await server.core.db.selectFrom("visit_visitors").select("day").execute();
    expect(hashes).toEqual([]);
    const res = await accounts.as.owner.get<AnalyticsAnswer>(`/api/admin/analytics?from=${day}&to=${day}`);
    expect(res.body.days).toEqual([{ date: day, pageViews: 1, visitors: 1 }]);
  });

  it("stays ten minutes into the next day, while another instance may still write the day's last batch", async () => {
    await beacon(server.client(), { path: "/", kind: "view" });
    await counted();
    const day = today();
    toNextDay(9);
    await runHousekeeping(server.core);
    expect(await server.core.db.selectFrom("visit_salts").select("day").execute()).toEqual([{ day }]);
  });

  it("makes the same visitor a new one the next day", async () => {
    await beacon(server.client(), { path: "/", kind: "view" });
    await counted();
    server.clock.advance(24 * 60 * 60 * 1000);
    await beacon(server.client(), { path: "/", kind: "view" });
    await counted();
    const [first, second] = await server.core.db.selectFrom("visit_salts").select("salt").execute();
    expect(first?.salt).not.toBe(second?.salt);
    expect((await figures()).days).toEqual([{ date: today(), pageViews: 1, visitors: 1 }]);
  });
});

describe("GET /api/admin/analytics", () => {
  it("answers every day of the range, the empty ones as zeros", async () => {
    const res = await accounts.as.admin.get<AnalyticsAnswer>("/api/admin/analytics?from=2026-02-27&to=2026-03-01");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      days: [
        { date: "2026-02-27", pageViews: 0, visitors: 0 },
        { date: "2026-02-28", pageViews: 0, visitors: 0 },
        { date: "2026-03-01", pageViews: 0, visitors: 0 },
      ],
      pages: [],
      projects: [],
      referrers: [],
      sources: [],
      devices: [],
      live: { visitors: 0 },
    });
  });

  it("is refused without analytics:view", async () => {
    const res = await accounts.as.moderator.get("/api/admin/analytics?from=2026-11-01&to=2026-11-02");
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You do not have permission to view visitor analytics." });
  });

  it("refuses a from that is no calendar day", async () => {
    const res = await accounts.as.owner.get("/api/admin/analytics?from=2026-02-30&to=2026-03-01");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: VISIT_MESSAGES.from });
  });

  it("refuses a missing to", async () => {
    const res = await accounts.as.owner.get("/api/admin/analytics?from=2026-02-01");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: VISIT_MESSAGES.to });
  });

  it("refuses a from after to", async () => {
    const res = await accounts.as.owner.get("/api/admin/analytics?from=2026-03-02&to=2026-03-01");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: VISIT_MESSAGES.order });
  });

  it("refuses more than 400 days, and answers 400 days", async () => {
    const tooLong = await accounts.as.owner.get("/api/admin/analytics?from=2025-01-01&to=2026-02-05");
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ error: VISIT_MESSAGES.span });
    const longest = await accounts.as.owner.get<AnalyticsAnswer>("/api/admin/analytics?from=2025-01-01&to=2026-02-04");
    expect(longest.body.days).toHaveLength(400);
  });
});

describe("the counting switch", () => {
  it("is the owner's alone", async () => {
    const res = await accounts.as.admin.patch("/api/admin/settings/analytics", { countVisitors: false });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "Only the owner can turn visitor counting on or off." });
  });

  it("is on until the owner turns it off", async () => {
    const res = await accounts.as.admin.get("/api/admin/settings/analytics");
    expect(res.body).toEqual({ countVisitors: true });
  });
});

describe("retention", () => {
  it("deletes daily counts older than VISITS_RETENTION_DAYS", async () => {
    await server.close();
    server = await startTestServer({ env: { VISITS_FLUSH_MS: "60000", VISITS_RETENTION_DAYS: "30" } });
    accounts = await roleAccounts(server);
    await beacon(server.client(), { path: "/", kind: "view" });
    await counted();
    const day = today();
    server.clock.advance(31 * 24 * 60 * 60 * 1000);
    await runHousekeeping(server.core);
    const rows = await server.core.db.selectFrom("visit_counts").select("day").where("day", "=", day).execute();
    expect(rows).toEqual([]);
  });
});

describe("retention of 0", () => {
  it("keeps daily counts for ever", async () => {
    await server.close();
    server = await startTestServer({ env: { VISITS_FLUSH_MS: "60000", VISITS_RETENTION_DAYS: "0" } });
    accounts = await roleAccounts(server);
    await beacon(server.client(), { path: "/", kind: "view" });
    await counted();
    const day = today();
    server.clock.advance(3000 * 24 * 60 * 60 * 1000);
    await runHousekeeping(server.core);
    const rows = await server.core.db.selectFrom("visit_counts").select("day").where("day", "=", day).execute();
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe("the project id", () => {
  it("keeps the counts of a project deleted since", async () => {
    const id = randomUUID();
    await beacon(server.client(), { path: "/", kind: "demo", projectId: id });
    await counted();
    expect((await figures()).projects).toEqual([
      { id, title: "(deleted project)", views: 0, codeClicks: 0, demoClicks: 1 },
    ]);
  });
});
