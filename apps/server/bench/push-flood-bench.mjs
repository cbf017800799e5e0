// `pnpm bench:push-flood`: does an anonymous flood of 4 MB sync pushes slow the public site down
// (docs/security.md, promise 27)? Against the production build on a fresh SQLite database:
//   - the median latency of GET /api/projects (the public list) alone;
//   - the same while two anonymous clients (separate processes) send 4 MB pushes of nested brackets with
//     `Authorization: Bearer x` as fast as they can.
// Goal: the median under the flood at most 5x the median alone, and at most 50 ms. Before the push's caller
// was checked first, each such push was read and parsed whole, and the median rose from 0.7 ms to over 1 s.
// Env: BENCH_REQUESTS list requests per phase (default 300), BENCH_ROUNDS alternating alone/flooded rounds
// (default 3), BENCH_FLOOD_WARMUP_MS of flood before a flooded phase is measured (default 1000).
import { spawn } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { trackChild, trackTempDir } from "./cleanup.mjs";
import { cpuMsOf } from "./cpu.mjs";
import { buildServer } from "./ensure-build.mjs";
import { runBench } from "./run-bench.mjs";
import { startOurServer } from "./spawn-server.mjs";
import { fmt, median, numberFromEnv, percentile } from "./stats.mjs";

const FLOODERS = 2;
const GOALS = { ratio: 5, floodedMs: 50 };
const flooderScript = fileURLToPath(new URL("./push-flood-client.mjs", import.meta.url));

const log = (message) => console.error(`bench: ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sequential GETs of the public list over one kept-alive connection: each one's latency in ms. */
async function listLatencies(base, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const status = await new Promise((resolve, reject) => {
      http
        .get(`${base}/api/projects`, { agent }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode));
        })
        .on("error", reject);
    });
    if (status !== 200) throw new Error(`GET /api/projects answered ${status}`);
    latencies.push(performance.now() - started);
  }
  agent.destroy();
  return latencies;
}

function startFlooder(base) {
  const child = trackChild(spawn(process.execPath, [flooderScript, base], { stdio: ["ignore", "pipe", "inherit"] }));
  let out = "";
  child.stdout.setEncoding("utf8").on("data", (chunk) => {
    out += chunk;
  });
  return {
    /** Stops it and answers how many pushes the server answered meanwhile. */
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve(Number(out.trim()) || 0));
        child.kill("SIGTERM");
      }),
  };
}

async function main() {
  const requests = numberFromEnv("BENCH_REQUESTS", 300);
  const rounds = numberFromEnv("BENCH_ROUNDS", 3);
  const warmupMs = numberFromEnv("BENCH_FLOOD_WARMUP_MS", 1000);
  buildServer();
  const tmp = trackTempDir(await mkdtemp(path.join(os.tmpdir(), "portfolio-push-flood-")));
  const server = await startOurServer({ name: "server", dir: tmp });
  const base = new URL(server.url).origin;
  log(`server up (pid ${server.pid})`);
  await listLatencies(base, 100); // warm-up, not counted

  // Alternating phases (alone, flooded, alone, ...), so drift on a shared machine hits both alike.
  const alone = [];
  const flooded = [];
  let pushes = 0;
  let floodSeconds = 0;
  let serverCpuMs = 0;
  for (let round = 1; round <= rounds; round++) {
    alone.push(...(await listLatencies(base, requests)));
    log(`round ${round}: alone median ${fmt(median(alone), 2)} ms; starting ${FLOODERS} anonymous flooders`);
    const flooders = Array.from({ length: FLOODERS }, () => startFlooder(base));
    const started = performance.now();
    const cpuBefore = cpuMsOf([server.pid]);
    await sleep(warmupMs);
    flooded.push(...(await listLatencies(base, requests)));
    pushes += (await Promise.all(flooders.map((f) => f.stop()))).reduce((a, b) => a + b, 0);
    floodSeconds += (performance.now() - started) / 1000;
    serverCpuMs += cpuMsOf([server.pid]) - cpuBefore;
    log(`round ${round}: flooded median ${fmt(median(flooded), 2)} ms`);
  }

  const aloneMs = median(alone);
  const floodedMs = median(flooded);
  const ratio = floodedMs / aloneMs;
  const pass = ratio <= GOALS.ratio && floodedMs <= GOALS.floodedMs;
  console.log(
    `Push flood bench (production build, SQLite, loopback; ${rounds} rounds of ${requests} sequential GET /api/projects per phase)`,
  );
  console.log(
    `  public list alone:              median ${fmt(aloneMs, 2)} ms  (p95 ${fmt(percentile(alone, 95), 2)} ms)`,
  );
  console.log(
    `  under ${FLOODERS} anonymous 4 MB floods: median ${fmt(floodedMs, 2)} ms  (p95 ${fmt(percentile(flooded, 95), 2)} ms)`,
  );
  console.log(
    `  pushes answered during the floods: ${pushes} (${fmt(pushes / floodSeconds)}/s); server CPU ${fmt(serverCpuMs / 10 / floodSeconds)}% of one core`,
  );
  console.log(
    `  ratio ${fmt(ratio, 2)}x (goal ≤ ${GOALS.ratio}x), flooded median ${fmt(floodedMs, 2)} ms (goal ≤ ${GOALS.floodedMs} ms): ${pass ? "PASS" : "FAIL"}`,
  );
}

await runBench(main);
