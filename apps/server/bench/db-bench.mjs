// `pnpm bench:api --db postgres`: the same server on PostgreSQL and on SQLite in one run, and two
// instances against one on PostgreSQL, each with where the CPU time went (server, database, load
// generator). Scenarios run one after another, in alternating rounds (BENCH_ROUNDS), so drift hits all.
//   list:   GET /api/projects only (the public list, the hottest call)
//   mixed:  per 10 requests, 8 list reads, 1 session check (/api/me), 1 project edit (PATCH)
// Scenarios: list on SQLite, PostgreSQL and two PostgreSQL instances; mixed on the same three.
// Env: BENCH_DURATION (s, default 10), BENCH_ROUNDS (default 2), BENCH_WARMUP (s, default 3),
// BENCH_CONNECTIONS (default 50), BENCH_POSTGRES_URL (use this server instead of a throwaway cluster).
import { spawn } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { trackChild, trackTempDir } from "./cleanup.mjs";
import { cpuMsOf, machineBusyMs, postgresCpu, postgresCpuDelta } from "./cpu.mjs";
import { ensureBuild } from "./ensure-build.mjs";
import { createBenchDatabase, startBenchPostgres } from "./postgres.mjs";
import { startOurServer } from "./spawn-server.mjs";
import { fmt, numberFromEnv } from "./stats.mjs";

const log = (message) => console.error(`bench: ${message}`);
const loadScript = fileURLToPath(new URL("./load.mjs", import.meta.url));
const PUBLIC_URL = "http://bench.portfolio.test";
const PASSWORD = "bench-owner-password";

const GOALS = { pgToSqliteList: 0.7, twoToOneMixed: 1.3 };

function runLoad(config) {
  return new Promise((resolve, reject) => {
    const child = trackChild(
      spawn(process.execPath, [loadScript, JSON.stringify(config)], { stdio: ["ignore", "pipe", "pipe"] }),
    );
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (c) => {
      out += c;
    });
    child.stderr.setEncoding("utf8").on("data", (c) => {
      err = (err + c).slice(-4000);
    });
    child.once("exit", (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}\n${err}`));
      else resolve(JSON.parse(out.trim().split("\n").at(-1)));
    });
  });
}

async function session(server) {
  const res = await fetch(server.url.replace(/\/api\/.*$/, "/api/login"), {
    method: "POST",
    headers: { "content-type": "application/json", origin: PUBLIC_URL },
    body: JSON.stringify({ username: "owner", password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`bench login failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Starts `count` instances over one database (SQLite file or a fresh PostgreSQL database). */
async function startSetup({ name, dialect, count, pg, dir }) {
  const databaseUrl =
    dialect === "postgres"
      ? await createBenchDatabase(pg.url, name.replace(/\W/g, "_"))
      : `file:${path.join(dir, `${name}.db`)}`;
  const env = { DATABASE_URL: databaseUrl, PUBLIC_URL, NODE_ENV: "production", BCRYPT_COST: "10" };
  // The first creates the owner and seeds; the others start on the ready database.
  const servers = [await startOurServer({ name: `${name} #1`, dir, env })];
  for (let i = 2; i <= count; i++) servers.push(await startOurServer({ name: `${name} #${i}`, dir, env }));
  const cookie = await session(servers[0]);
  const list = await (await fetch(servers[0].url)).json();
  return { name, dialect, servers, cookie, projectIds: list.projects.map((p) => p._id) };
}

/** One measured run: the load split evenly over the setup's instances, CPU read before and after. */
async function measure(setup, mode, { connections, durationS }) {
  const pids = setup.servers.map((s) => s.pid);
  const serverBefore = cpuMsOf(pids);
  const dbBefore = setup.dialect === "postgres" ? postgresCpu(setup.pgPid) : null;
  const machineBefore = machineBusyMs();
  const started = performance.now();
  const per = Math.max(1, Math.round(connections / setup.servers.length));
  const loads = await Promise.all(
    setup.servers.map((server) =>
      runLoad({
        url: server.url.replace(/\/api\/.*$/, ""),
        connections: per,
        durationS,
        mode,
        cookie: setup.cookie,
        origin: PUBLIC_URL,
        projectIds: setup.projectIds,
      }),
    ),
  );
  const wallMs = performance.now() - started;
  const serverMs = cpuMsOf(pids) - serverBefore;
  const dbMs = setup.dialect === "postgres" ? postgresCpuDelta(dbBefore, postgresCpu(setup.pgPid)) : null;
  const machineMs = machineBusyMs() - machineBefore;
  const sum = (key) => loads.reduce((s, l) => s + l[key], 0);
  return {
    rps: sum("rps"),
    p50: Math.max(...loads.map((l) => l.p50)),
    p99: Math.max(...loads.map((l) => l.p99)),
    bad: sum("non2xx") + sum("errors") + sum("timeouts"),
    // As a share of one core over the run: 100% is one core busy the whole time.
    serverCpu: (serverMs / wallMs) * 100,
    dbCpu: dbMs === null ? null : (dbMs / wallMs) * 100,
    loaderCpu: (sum("loaderCpuMs") / wallMs) * 100,
    // Everything else busy meanwhile: other programs on a shared machine (and the bench itself).
    otherCpu: Math.max(0, ((machineMs - serverMs - (dbMs ?? 0) - sum("loaderCpuMs")) / wallMs) * 100),
    idleCpu: Math.max(0, os.availableParallelism() * 100 - (machineMs / wallMs) * 100),
  };
}

const average = (runs, key) =>
  runs.some((r) => r[key] === null) ? null : runs.reduce((s, r) => s + r[key], 0) / runs.length;

export async function runDatabaseBench() {
  const durationS = numberFromEnv("BENCH_DURATION", 10, { integer: false });
  const rounds = numberFromEnv("BENCH_ROUNDS", 2);
  const warmupS = numberFromEnv("BENCH_WARMUP", 3, { integer: false });
  const connections = numberFromEnv("BENCH_CONNECTIONS", 50);
  const cores = os.availableParallelism();
  ensureBuild();
  const dir = trackTempDir(await mkdtemp(path.join(os.tmpdir(), "portfolio-dbbench-")));
  const pg = await startBenchPostgres();
  log(
    `PostgreSQL at ${pg.url.replace(/\/\/[^@]*@/, "//")}${pg.postmasterPid ? ` (postmaster ${pg.postmasterPid})` : " (given; its CPU is not measured)"}`,
  );

  const setups = [
    await startSetup({ name: "sqlite", dialect: "sqlite", count: 1, pg, dir }),
    await startSetup({ name: "pg1", dialect: "postgres", count: 1, pg, dir }),
    await startSetup({ name: "pg2", dialect: "postgres", count: 2, pg, dir }),
  ];
  for (const s of setups) s.pgPid = pg.postmasterPid;
  const scenarios = [
    { label: "SQLite, 1 instance", setup: setups[0], mode: "list" },
    { label: "PostgreSQL, 1 instance", setup: setups[1], mode: "list" },
    { label: "PostgreSQL, 2 instances", setup: setups[2], mode: "list" },
    { label: "SQLite, 1 instance", setup: setups[0], mode: "mixed" },
    { label: "PostgreSQL, 1 instance", setup: setups[1], mode: "mixed" },
    { label: "PostgreSQL, 2 instances", setup: setups[2], mode: "mixed" },
  ].map((s) => ({ ...s, runs: [] }));

  for (const s of scenarios) {
    log(`warm-up: ${s.label}, ${s.mode}, ${warmupS} s (not counted)`);
    await measure(s.setup, s.mode, { connections, durationS: warmupS });
  }
  for (let round = 1; round <= rounds; round++) {
    for (const s of scenarios) {
      log(`round ${round}/${rounds}: ${s.label}, ${s.mode}, ${connections} connections for ${durationS} s`);
      const run = await measure(s.setup, s.mode, { connections, durationS });
      s.runs.push(run);
      log(
        `  ${run.rps.toFixed(0)} req/s, p99 ${run.p99} ms, server ${fmt(run.serverCpu, 0)}%, db ${fmt(run.dbCpu, 0)}%, load ${fmt(run.loaderCpu, 0)}%, others ${fmt(run.otherCpu, 0)}%`,
      );
    }
  }

  const rows = scenarios.map((s) => ({
    label: `${s.mode === "list" ? "list " : "mixed"} ${s.label}`,
    rps: average(s.runs, "rps"),
    p50: average(s.runs, "p50"),
    p99: average(s.runs, "p99"),
    bad: s.runs.reduce((n, r) => n + r.bad, 0),
    serverCpu: average(s.runs, "serverCpu"),
    dbCpu: s.setup.dialect === "postgres" ? average(s.runs, "dbCpu") : null,
    loaderCpu: average(s.runs, "loaderCpu"),
    otherCpu: average(s.runs, "otherCpu"),
    idleCpu: average(s.runs, "idleCpu"),
    dialect: s.setup.dialect,
  }));
  const header = [
    "scenario",
    "req/s",
    "p50 ms",
    "p99 ms",
    "non-2xx/err",
    "server CPU",
    "database CPU",
    "load gen CPU",
    "other programs",
    "idle",
  ];
  const table = rows.map((r) => {
    return [
      r.label,
      fmt(r.rps, 0),
      fmt(r.p50, 1),
      fmt(r.p99, 1),
      String(r.bad),
      `${fmt(r.serverCpu, 0)}%`,
      r.dialect === "sqlite" ? "(in server)" : `${fmt(r.dbCpu, 0)}%`,
      `${fmt(r.loaderCpu, 0)}%`,
      `${fmt(r.otherCpu, 0)}%`,
      `${fmt(r.idleCpu, 0)}%`,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  const [sqliteList, pgList, pg2List, , pgMixed, pg2Mixed] = rows;
  const listRatio = pgList.rps / sqliteList.rps;
  const scaleRatio = pg2Mixed.rps / pgMixed.rps;
  const out = [
    `Database bench: ${connections} connections, ${durationS} s x ${rounds} round(s) per scenario; ${cores} CPU cores on this machine (CPU columns: % of one core, ${cores * 100}% is the whole machine).`,
    "",
    line(header),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...table.map(line),
    "",
    ...(Math.max(...rows.map((r) => r.otherCpu)) > 50
      ? [
          `Note: other programs kept up to ${fmt(Math.max(...rows.map((r) => r.otherCpu)), 0)}% of the machine busy during these runs; absolute figures are depressed, ratios are less so. Rerun on an idle machine for the real numbers.`,
          "",
        ]
      : []),
    `PostgreSQL / SQLite on the public list: ${fmt(listRatio, 2)} (goal >= ${GOALS.pgToSqliteList}): ${listRatio >= GOALS.pgToSqliteList ? "PASS" : "MISS"}`,
    `Two instances / one on PostgreSQL, public list (no writes, for comparison): ${fmt(pg2List.rps / pgList.rps, 2)}`,
    `Two instances / one on PostgreSQL, mixed load: ${fmt(scaleRatio, 2)} (goal >= ${GOALS.twoToOneMixed} where cores allow): ${
      scaleRatio >= GOALS.twoToOneMixed
        ? "PASS"
        : `MISS (${cores} cores here, shared by the load generator, the instances and PostgreSQL; the idle column shows what was left)`
    }`,
  ];
  console.log(out.join("\n"));
  pg.stop();
}
