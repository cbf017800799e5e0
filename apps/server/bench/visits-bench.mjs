// `pnpm bench:visits`: POST /api/visits at 100,000 page views a minute (about 1,700 a second) for a minute
// on one instance (docs/design.md section 10), each beacon from its own visitor address (TRUST_PROXY and
// X-Forwarded-For, as behind a balancer), with a browser's user agent. Prints the sustained rate, the p99
// answer time, the server's CPU, the SQL statements it sent, and whether the page views in the database
// equal the beacons answered 204 (after the last batch is written). First, the floor: the same load, from the
// same generator, against a bare node:http server answering 204 (bare-204.mjs), for BENCH_FLOOR_DURATION s.
// Env: BENCH_RATE beacons a second (default 1700), BENCH_DURATION seconds (default 60), BENCH_CONNECTIONS
// (default 50), BENCH_VISITORS distinct addresses (default 40000), VISITS_FLUSH_MS (default 5000),
// BENCH_FLOOR_DURATION seconds (default 20; 0 skips the floor).
import { mkdtemp } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { freePort } from "@portfolio/core/test/free-port";
import { trackTempDir } from "./cleanup.mjs";
import { cpuMsOf, machineBusyMs } from "./cpu.mjs";
import { ensureBuild } from "./ensure-build.mjs";
import { startOurServer, startServer } from "./spawn-server.mjs";
import { fmt, numberFromEnv } from "./stats.mjs";

const requireFromServer = createRequire(new URL("../package.json", import.meta.url));
const autocannon = requireFromServer("autocannon");
const log = (message) => console.error(`bench: ${message}`);

const RATE = numberFromEnv("BENCH_RATE", 1700);
const DURATION_S = numberFromEnv("BENCH_DURATION", 60);
const CONNECTIONS = numberFromEnv("BENCH_CONNECTIONS", 50);
const VISITORS = numberFromEnv("BENCH_VISITORS", 40_000);
const FLUSH_MS = numberFromEnv("VISITS_FLUSH_MS", 5000);
const FLOOR_DURATION_S = numberFromEnv("BENCH_FLOOR_DURATION", 20, { allowZero: true });
const METRICS_TOKEN = "bench-metrics-token";
const OWNER_PASSWORD = "bench-owner-password";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const PAGES = ["/", "/calendar", "/privacy", "/playlist-shuffler", "/twitchchatwidget"];

/** Statements the server has sent so far: the count of its query-duration histogram. */
async function statements(base) {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  const line = text.split("\n").find((l) => /^portfolio_db_query_duration_seconds_count(\{[^}]*\})? /.test(l));
  return line ? Number(line.split(" ").at(-1)) : Number.NaN;
}

async function pageViewsInDatabase(base, origin, from, to) {
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ username: "owner", password: OWNER_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`owner login answered ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const res = await fetch(`${base}/api/admin/analytics?from=${from}&to=${to}`, { headers: { cookie } });
  const answer = await res.json();
  return answer.days.reduce((sum, day) => sum + day.pageViews, 0);
}

/** Sends RATE beacons a second for `seconds` to `base`, each from the next of VISITORS addresses. */
function drive(base, origin, seconds) {
  let n = 0;
  return autocannon({
    url: `${base}/api/visits`,
    connections: CONNECTIONS,
    // Exactly this many, at this rate: every beacon sent is answered before the count is compared.
    amount: RATE * seconds,
    overallRate: RATE,
    method: "POST",
    headers: { "content-type": "application/json", origin, "user-agent": BROWSER },
    requests: [
      {
        setupRequest: (request) => {
          n++;
          const visitor = n % VISITORS;
          return {
            ...request,
            headers: {
              ...request.headers,
              "x-forwarded-for": `10.${visitor >> 16}.${(visitor >> 8) & 255}.${visitor & 255}`,
            },
            body: JSON.stringify({ path: PAGES[n % PAGES.length], kind: "view" }),
          };
        },
      },
    ],
  });
}

/** The floor: the same load against the smallest server answering 204, alone on the machine's share of it. */
async function floor() {
  if (FLOOR_DURATION_S <= 0) return undefined;
  const bare = await startServer({
    name: "bare 204",
    script: new URL("./bare-204.mjs", import.meta.url).pathname,
    port: await freePort(),
    path: "/",
    env: {},
  });
  try {
    const base = new URL(bare.url).origin;
    return await drive(base, base, FLOOR_DURATION_S);
  } finally {
    await bare.stop();
  }
}

async function main() {
  ensureBuild();
  const bare = await floor();
  const dir = trackTempDir(await mkdtemp(path.join(os.tmpdir(), "portfolio-visits-bench-")));
  const server = await startOurServer({
    name: "visits",
    dir,
    path: "/api/health",
    env: {
      TRUST_PROXY: "1",
      METRICS_TOKEN,
      VISITS_FLUSH_MS: String(FLUSH_MS),
      OWNER_PASSWORD,
    },
  });
  const base = new URL(server.url).origin;
  // PUBLIC_URL defaults to localhost on the same port: the Origin a page of the site sends.
  const origin = `http://localhost:${new URL(server.url).port}`;
  log(`server up (pid ${server.pid}); ${RATE}/s for ${DURATION_S} s over ${CONNECTIONS} connections`);
  const from = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const statementsBefore = await statements(base);
  const cpuBefore = cpuMsOf([server.pid]);
  const machineBefore = machineBusyMs();
  const startedAt = Date.now();
  const result = await drive(base, origin, DURATION_S);
  const wallMs = Date.now() - startedAt;
  const cpuMs = cpuMsOf([server.pid]) - cpuBefore;
  const machineMs = machineBusyMs() - machineBefore;
  const load = os.loadavg();
  // The last batch goes in at the next flush.
  await new Promise((resolve) => setTimeout(resolve, FLUSH_MS + 2000));
  const statementsSent = (await statements(base)) - statementsBefore;
  const to = new Date().toISOString().slice(0, 10);
  const stored = await pageViewsInDatabase(base, origin, from, to);
  const answered = result["2xx"];
  await server.stop();

  const lines = [
    `visits bench (one instance, SQLite, flush every ${FLUSH_MS} ms)`,
    `  target            ${RATE}/s for ${DURATION_S} s (${RATE * 60} page views a minute)`,
    `  sustained         ${fmt(answered / (wallMs / 1000), 0)}/s answered 204 (autocannon average ${fmt(result.requests.average, 0)}/s)`,
    `  latency           p50 ${fmt(result.latency.p50, 1)} ms, p99 ${fmt(result.latency.p99, 1)} ms, max ${fmt(result.latency.max, 1)} ms`,
    bare
      ? `  floor (bare 204)  p50 ${fmt(bare.latency.p50, 1)} ms, p99 ${fmt(bare.latency.p99, 1)} ms, max ${fmt(bare.latency.max, 1)} ms over ${FLOOR_DURATION_S} s just before`
      : "  floor (bare 204)  not measured (BENCH_FLOOR_DURATION=0)",
    `  non-2xx / errors  ${result.non2xx} / ${result.errors} (timeouts ${result.timeouts})`,
    `  server CPU        ${fmt(cpuMs / 1000, 1)} s over ${fmt(wallMs / 1000, 1)} s = ${fmt((100 * cpuMs) / wallMs, 0)}% of one core`,
    `  machine busy      ${fmt((100 * machineMs) / wallMs / os.cpus().length, 0)}% of ${os.cpus().length} cores; load ${load.map((l) => l.toFixed(2)).join(" ")}`,
    `  statements sent   ${statementsSent} during the run and the last write (${fmt(statementsSent / (answered || 1), 4)} per beacon)`,
    `  in the database   ${stored} page views for ${answered} beacons answered: ${stored === answered ? "equal" : "NOT EQUAL"}`,
    `  goal              rate held: ${answered / (wallMs / 1000) >= RATE * 0.97 ? "yes" : "no"}; p99 <= 10 ms: ${result.latency.p99 <= 10 ? "yes" : "no"}`,
  ];
  console.log(lines.join("\n"));
  if (stored !== answered) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
