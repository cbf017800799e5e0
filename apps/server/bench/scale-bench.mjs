// `pnpm bench:scale`: the admin panel, the dashboard and sync at 1,000 and at 100,000 users.
// For each dialect (SQLite, then PostgreSQL on a throwaway cluster) and each size, a fresh database is seeded
// through the data layer (scale-seed.ts: 1,000 users / 100 projects / 5,000 audit entries, and 100,000 users /
// 10,000 projects / 500,000 audit entries), the production build serves it, and each call is timed (median
// of BENCH_ROUNDS, default 5, after one warm-up) with its answer's size. Goals at 100,000 users: every admin
// call the panel makes ≤ 50 ms and ≤ 200 kB; the first sync page ≤ 1 MB; login and a project write about as
// fast as on the small database.
// Env: BENCH_ROUNDS; BENCH_DIALECTS=sqlite,postgres (default both); BENCH_POSTGRES_URL (see postgres.mjs).
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { trackTempDir } from "./cleanup.mjs";
import { buildServer } from "./ensure-build.mjs";
import { importTs } from "./import-ts.mjs";
import { createBenchDatabase, startBenchPostgres } from "./postgres.mjs";
import { runBench } from "./run-bench.mjs";
import { startOurServer } from "./spawn-server.mjs";
import { fmt, median, numberFromEnv } from "./stats.mjs";

/** The audit chain's key for the seeded log and the server (a bench constant, not a secret). */
const AUDIT_KEY = "bench-scale-audit-key-0123456789abcdef";

const log = (message) => console.error(`bench: ${message}`);
const SIZES = [
  { label: "1k", users: 1_000, projects: 100, audit: 5_000 },
  { label: "100k", users: 100_000, projects: 10_000, audit: 500_000 },
];
const GOALS = { adminMs: 50, adminBytes: 200_000, syncBytes: 1_000_000 };

/** The calls measured: what the panel, the site and the desktop make. `panel`: held to the admin goals. */
const CALLS = [
  { name: "GET /api/admin/users (every user)", path: "/api/admin/users" },
  { name: "GET /api/admin/users?limit=50", path: "/api/admin/users?limit=50", panel: true },
  { name: "GET /api/admin/users?limit=50&cursor=…", path: "cursor", panel: true },
  { name: "GET /api/admin/users?q=user0999", path: "/api/admin/users?q=user0999&limit=50", panel: true },
  { name: "GET /api/admin/users?role=moderator", path: "/api/admin/users?role=moderator&limit=50", panel: true },
  {
    name: "GET /api/admin/users?status=deactivated",
    path: "/api/admin/users?status=deactivated&limit=50",
    panel: true,
  },
  { name: "GET /api/admin/dashboard", path: "/api/admin/dashboard", panel: true },
  { name: "GET /api/admin/audit (first page)", path: "/api/admin/audit", panel: true },
  { name: "GET /api/admin/audit?actor=nobody", path: "/api/admin/audit?actor=nobody", panel: true },
  { name: "GET /api/admin/audit?kind=user", path: "/api/admin/audit?kind=user", panel: true },
  { name: "GET /api/admin/audit?kind=user.edit", path: "/api/admin/audit?kind=user.edit", panel: true },
  { name: "GET /api/sync/pull (first page)", path: "/api/sync/pull", sync: true },
  { name: "GET /api/projects (public, every project)", path: "/api/projects", anonymous: true },
  { name: "GET /api/projects?limit=24&sort=az", path: "/api/projects?limit=24&sort=az", anonymous: true },
  {
    name: "GET /api/projects?limit=24&sort=random",
    path: "/api/projects?limit=24&sort=random&seed=12345",
    anonymous: true,
  },
  { name: "POST /api/login", login: true },
  { name: "POST /api/projects", write: true },
];

function session(base) {
  const origin = `http://localhost:${new URL(base).port}`;
  let cookie = "";
  return {
    cookie: () => cookie,
    async login(username, password) {
      const res = await fetch(`${base}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ username, password }),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`login answered ${res.status}: ${text}`);
      cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      return text.length;
    },
    async request(method, url, { body, bearer, anonymous } = {}) {
      const headers = { origin };
      if (!anonymous && !bearer) headers.cookie = cookie;
      if (bearer) headers.authorization = `Bearer ${bearer}`;
      if (body) headers["content-type"] = "application/json";
      const res = await fetch(`${base}${url}`, { method, headers, body: body && JSON.stringify(body) });
      const bytes = Buffer.byteLength(await res.text());
      if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}`);
      return bytes;
    },
  };
}

async function timed(fn) {
  const started = performance.now();
  const bytes = await fn();
  return { ms: performance.now() - started, bytes };
}

async function measureSize(seed, dialect, size, rounds, dir, pgUrl) {
  const name = `scale_${size.label}`;
  const databaseUrl =
    dialect === "postgres" ? await createBenchDatabase(pgUrl, name) : `file:${path.join(dir, `${name}.db`)}`;
  log(`${dialect} ${size.label}: seeding`);
  const seedStarted = performance.now();
  // The entries are seeded already chained with the server's key, as a live log is: otherwise the server's
  // start would chain 500,000 of them first (what it does once for a log older than the chain).
  await seed.seedScale(databaseUrl, size, (line) => log(`${dialect} ${size.label}: ${line}`), {
    auditKey: AUDIT_KEY,
  });
  const seedMs = performance.now() - seedStarted;
  const serverDir = path.join(dir, `${dialect}-${size.label}`);
  const server = await startOurServer({
    name: `${dialect}-${size.label}`,
    dir: serverDir,
    path: "/api/hello",
    env: { DATABASE_URL: databaseUrl, OWNER_PASSWORD: seed.OWNER_PASSWORD, AUDIT_KEY },
  });
  const base = new URL(server.url).origin;
  const owner = session(base);
  await owner.login("owner", seed.OWNER_PASSWORD);
  const minted = await fetch(`${base}/api/sync/tokens`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: `http://localhost:${new URL(base).port}`,
      cookie: owner.cookie(),
    },
    body: JSON.stringify({ name: "bench", password: seed.OWNER_PASSWORD }),
  });
  const { token } = await minted.json();
  const firstPage = await fetch(`${base}/api/admin/users?limit=50`, { headers: { cookie: owner.cookie() } }).then((r) =>
    r.json(),
  );
  let loginIndex = 100;
  let project = 0;
  const results = {};
  for (const call of CALLS) {
    const run = async () => {
      if (call.login) {
        // A different active user each time: the per-username login limit is not what is measured.
        return session(base).login(`user${String(loginIndex++).padStart(6, "0")}`, seed.USER_PASSWORD);
      }
      if (call.write) {
        return owner.request("POST", "/api/projects", {
          body: { title: `Bench write ${project++}`, description: "Written by the scale bench." },
        });
      }
      const url = call.path === "cursor" ? `/api/admin/users?limit=50&cursor=${firstPage.next}` : call.path;
      if (call.sync) return owner.request("GET", url, { bearer: token });
      return owner.request("GET", url, { anonymous: call.anonymous });
    };
    await run(); // warm-up
    const samples = [];
    for (let i = 0; i < rounds; i++) samples.push(await timed(run));
    results[call.name] = { ms: median(samples.map((s) => s.ms)), bytes: median(samples.map((s) => s.bytes)) };
  }
  process.kill(server.pid, "SIGTERM");
  return { results, seedMs };
}

const kb = (bytes) => (bytes >= 1_000_000 ? `${fmt(bytes / 1_000_000)} MB` : `${fmt(bytes / 1000)} kB`);

function report(dialect, small, large, rounds) {
  console.log(`\nScale bench, ${dialect} (production build, loopback; median of ${rounds})`);
  console.log(`  seeding: 1k ${fmt(small.seedMs / 1000)} s, 100k ${fmt(large.seedMs / 1000)} s`);
  const rows = [["call", "1k users", "100k users", "growth", "goal"]];
  for (const call of CALLS) {
    const a = small.results[call.name];
    const b = large.results[call.name];
    let goal = "";
    if (call.panel) goal = b.ms <= GOALS.adminMs && b.bytes <= GOALS.adminBytes ? "ok" : "MISSED";
    if (call.sync) goal = b.bytes <= GOALS.syncBytes ? "ok" : "MISSED";
    if (call.login || call.write) goal = b.ms <= a.ms * 1.5 + 5 ? "ok" : "MISSED";
    rows.push([
      call.name,
      `${fmt(a.ms)} ms, ${kb(a.bytes)}`,
      `${fmt(b.ms)} ms, ${kb(b.bytes)}`,
      `x${fmt(b.ms / a.ms)}`,
      goal,
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const row of rows) console.log(`  ${row.map((cell, i) => cell.padEnd(widths[i])).join("  ")}`);
}

async function main() {
  const rounds = numberFromEnv("BENCH_ROUNDS", 5);
  const dialects = (process.env.BENCH_DIALECTS ?? "sqlite,postgres").split(",").map((d) => d.trim());
  buildServer();
  const seed = await importTs("./scale-seed.ts", "scale-seed.mjs");
  const dir = trackTempDir(await mkdtemp(path.join(os.tmpdir(), "portfolio-scale-bench-")));
  for (const dialect of dialects) {
    const pg = dialect === "postgres" ? await startBenchPostgres() : undefined;
    const small = await measureSize(seed, dialect, SIZES[0], rounds, dir, pg?.url);
    const large = await measureSize(seed, dialect, SIZES[1], rounds, dir, pg?.url);
    report(dialect, small, large, rounds);
  }
}

await runBench(main);
