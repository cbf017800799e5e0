// `pnpm bench:api`: our server against two ceilings on loopback, answering the
// same GET /api/projects bytes:
//   - minimal Express 5 (the framework's ceiling), and
//   - bare node:http (the machine's ceiling);
// and ours behind the shipped deploy/nginx.conf with its cache on (nginx-cached.mjs; skipped where
// /usr/sbin/nginx is missing).
// Each is loaded in turn by wrk (run-wrk.mjs: one thread, so it takes at most one core) or, where
// /usr/bin/wrk is missing, by autocannon, from another process, in alternating rounds (A B C D A B C D) so
// slow drift (thermal, noisy neighbours) hits all alike. Before the rounds each target is fetched once: it
// must answer 200 with the same bytes as ours.
// Start times: the cold start (spawn to first 200 on a fresh database) and the warm start (the same on the
// database a start left), each the median of three.
// `pnpm bench:api --starts` measures the start times only (a few seconds instead of minutes).
// `pnpm bench:api --db postgres` compares PostgreSQL with SQLite and two instances with one instead
// (db-bench.mjs).
// The ratio to minimal Express is taken per round (the two ran back to back) and the report gives the
// median of the rounds with their spread: on a noisy machine two rounds are too few (0.79 one day, 1.06 the
// next), five alternating rounds are not.
// Env: BENCH_DURATION seconds per round (default 6), BENCH_ROUNDS (default 5, at least 5 for the goal to
// count), BENCH_WARMUP seconds of discarded warm-up per target (default 3).
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "@portfolio/core/test/free-port";
import { trackTempDir } from "./cleanup.mjs";
import { processTreeCpu, processTreeCpuDelta } from "./cpu.mjs";
import { runDatabaseBench } from "./db-bench.mjs";
import { ensureBuild } from "./ensure-build.mjs";
import { fetchBody } from "./fetch-body.mjs";
import { nginxAvailable, startCachedNginx } from "./nginx-cached.mjs";
import { peakRssMb } from "./peak-rss.mjs";
import { GOALS, printReport } from "./report.mjs";
import { runAutocannon } from "./run-autocannon.mjs";
import { runBench } from "./run-bench.mjs";
import { runWrk, WRK, wrkAvailable } from "./run-wrk.mjs";
import { startOurServer, startServer } from "./spawn-server.mjs";
import { median, numberFromEnv } from "./stats.mjs";

const CONNECTIONS = 50;
const here = (file) => fileURLToPath(new URL(file, import.meta.url));

const log = (message) => console.error(`bench: ${message}`);

async function main() {
  const durationS = numberFromEnv("BENCH_DURATION", 6, {
    integer: false,
  });
  const rounds = numberFromEnv("BENCH_ROUNDS", 5, { integer: true });
  const warmupS = numberFromEnv("BENCH_WARMUP", 3, { integer: false });

  ensureBuild();

  const tmp = trackTempDir(await mkdtemp(path.join(os.tmpdir(), "portfolio-bench-")));

  // Ours first, on database files that do not exist yet: spawn-to-200 is the cold start, including
  // migrations and seeding; then again on a database a start left, the warm start.
  const { coldStartMs, warmStartMs } = await startTimes(tmp);
  log(`cold start ${coldStartMs.toFixed(0)} ms, warm start ${warmStartMs.toFixed(0)} ms (medians of ${STARTS})`);
  const ours = await startOurServer({ name: "ours", dir: tmp });

  // The ceilings serve a constant copy of our real response, passed by file
  // because an env var cannot hold arbitrary bytes of any size.
  const { body, contentType } = await fetchBody(ours.url);
  const bodyFile = path.join(tmp, "projects-body.bin");
  await writeFile(bodyFile, body);
  log(`captured ${body.length} B body (${describeProjects(body)}), content-type ${contentType}`);

  const ceilingEnv = {
    BENCH_BODY_FILE: bodyFile,
    BENCH_CONTENT_TYPE: contentType,
    NODE_ENV: "production",
  };
  const express = await startServer({
    name: "minimal Express",
    script: here("./minimal-express.mjs"),
    port: await freePort(),
    env: ceilingEnv,
  });
  const bare = await startServer({
    name: "bare node:http",
    script: here("./bare-http.mjs"),
    port: await freePort(),
    env: ceilingEnv,
  });

  const servers = [ours, express, bare];
  if (nginxAvailable()) {
    servers.push(await startCachedNginx({ dir: tmp, upstream: new URL(ours.url).host }));
  } else log("no /usr/sbin/nginx: the cached target is skipped");
  // Same status and bytes from every target, so the rounds compare like with like (fetchBody refuses a non-200).
  for (const server of servers.slice(1)) {
    const answer = await fetchBody(server.url);
    if (!answer.body.equals(body)) {
      throw new Error(`${server.name} answered ${answer.body.length} B that differ from ours (${body.length} B)`);
    }
  }
  const load = wrkAvailable() ? runWrk : runAutocannon;
  log(
    wrkAvailable()
      ? `load generator: wrk (${WRK}, one thread)`
      : `load generator: autocannon (no ${WRK}: apt-get install -y wrk)`,
  );
  const targets = servers.map((server) => ({
    server,
    runs: [],
    peakRssMb: null,
  }));
  // One discarded warm-up run per target first: every server starts with cold JIT caches, and measuring
  // that would compare compilers, not servers.
  for (const target of targets) {
    log(`warm-up: ${target.server.name}, ${CONNECTIONS} connections for ${warmupS} s (not counted)`);
    await load(target.server.url, { connections: CONNECTIONS, durationS: warmupS });
  }
  for (let round = 1; round <= rounds; round++) {
    for (const target of targets) {
      log(`round ${round}/${rounds}: ${target.server.name}, ${CONNECTIONS} connections for ${durationS} s`);
      // The server's own CPU per answer (nginx: its master and workers): what a busy shared machine changes
      // far less than the rate, since time others take is not counted.
      const cpuBefore = processTreeCpu(target.server.pid);
      const run = await load(target.server.url, {
        connections: CONNECTIONS,
        durationS,
      });
      const cpuMs = processTreeCpuDelta(cpuBefore, processTreeCpu(target.server.pid));
      run.cpuUsPerRequest = cpuMs === null || run.total === 0 ? null : (cpuMs * 1000) / run.total;
      target.runs.push(run);
      log(
        `  ${run.rps.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ${run.cpuUsPerRequest?.toFixed(1) ?? "n/a"} us CPU per answer`,
      );
      // The high-water mark after the last round covers startup and all load (nginx: its master only).
      if (round === rounds) target.peakRssMb = peakRssMb(target.server.pid);
    }
  }

  const results = targets.map(({ server, runs, peakRssMb }) => ({
    label: server.name,
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    rpsPerRound: runs.map((r) => r.rps),
    cpuUsPerRequest: runs.some((r) => r.cpuUsPerRequest == null) ? null : median(runs.map((r) => r.cpuUsPerRequest)),
    peakRssMb,
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    timeouts: runs.reduce((sum, r) => sum + r.timeouts, 0),
  }));

  printReport({
    results,
    coldStartMs,
    warmStartMs,
    settings: {
      connections: CONNECTIONS,
      durationS,
      rounds,
      bodyBytes: body.length,
      generator: wrkAvailable() ? "wrk -t1" : "autocannon",
    },
  });
}

const STARTS = 3;

/** Medians of STARTS cold starts (each on a fresh database) and STARTS warm ones (on the last of them). */
async function startTimes(tmp) {
  const cold = [];
  const warm = [];
  let dir;
  for (let i = 0; i < STARTS; i++) {
    dir = path.join(tmp, `start-${i}`);
    const server = await startOurServer({ name: "ours (cold start)", dir });
    cold.push(server.coldStartMs);
    await server.stop();
  }
  for (let i = 0; i < STARTS; i++) {
    const server = await startOurServer({ name: "ours (warm start)", dir });
    warm.push(server.coldStartMs);
    await server.stop();
  }
  return { coldStartMs: median(cold), warmStartMs: median(warm) };
}

// Sanity line only: the bench still runs if the payload shape changes.
function describeProjects(body) {
  try {
    const { projects } = JSON.parse(body.toString("utf8"));
    return Array.isArray(projects) ? `${projects.length} projects` : "no projects array";
  } catch {
    return "not JSON";
  }
}

/** `--starts`: the start times alone, against their goals. */
async function startsOnly() {
  ensureBuild();
  const tmp = trackTempDir(await mkdtemp(path.join(os.tmpdir(), "portfolio-bench-")));
  const { coldStartMs, warmStartMs } = await startTimes(tmp);
  console.log(
    `cold start (spawn to first 200, fresh database): ${coldStartMs.toFixed(0)} ms (goal <= ${GOALS.maxColdStartMs} ms)`,
  );
  console.log(
    `warm start (spawn to first 200, existing database): ${warmStartMs.toFixed(0)} ms (goal <= ${GOALS.maxWarmStartMs} ms)`,
  );
}

// `--db postgres`: the database comparison (db-bench.mjs) instead of the ceilings.
const dbIndex = process.argv.indexOf("--db");
const db = dbIndex >= 0 ? process.argv[dbIndex + 1] : process.argv.find((a) => a.startsWith("--db="))?.slice(5);
if (db !== undefined && db !== "postgres") {
  console.error(`bench: --db takes "postgres" (SQLite is the default); got "${db}".`);
  process.exit(1);
}
if (process.argv.includes("--starts")) await runBench(startsOnly);
else await runBench(db === "postgres" ? runDatabaseBench : main);
