// `pnpm bench:shuffler`: figures of the playlist shuffler.
//
// Setup (shared by every part): the fake YouTube Data API (packages/testing/src/fakes/fake-youtube.ts, bundled
// on the fly with esbuild) serving a 5,000-entry playlist (1% private, 1% deleted), and the production
// build of the server (dist/main.js, rebuilt first) pointed at it.
//
// Part 1, server: time of the first (uncached) answer and of cached answers, and the number of upstream
// calls of a cold fetch. Part 2, Chromium (shuffler-browser.mjs): time from the data's arrival to an
// interactive list, and the frame rate while scrolling the 5,000-row list; same server, playlist and fake.
//
// Env: BENCH_CACHED_RUNS cached requests to time (default 25), BENCH_UPSTREAM_LATENCY_MS simulated YouTube
// latency per call for the second, latency-bound cold fetch (default 50; 0 skips it).
import { mkdtemp } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import { build } from "esbuild";
import { trackTempDir } from "./cleanup.mjs";
import { buildServer } from "./ensure-build.mjs";
import { runBench } from "./run-bench.mjs";
import { browserHalf } from "./shuffler-browser.mjs";
import { startOurServer } from "./spawn-server.mjs";
import { fmt, numberFromEnv, percentile } from "./stats.mjs";

const PLAYLIST_SIZE = 5000;
const PLAYLIST_ID = "PLbenchShuffler5000Videos01";
const LATENCY_PLAYLIST_ID = "PLbenchShuffler5000Latency1";
const GOALS = { maxCachedMs: 50, maxPages: 100, maxBatches: 100 };

const serverDir = fileURLToPath(new URL("../", import.meta.url));
const log = (message) => console.error(`bench: ${message}`);

/** The TypeScript fake, bundled to a temporary .mjs so plain Node can load it. */
async function loadFakeYouTube(tmp) {
  const outfile = path.join(tmp, "fake-youtube.mjs");
  await build({
    entryPoints: [path.join(serverDir, "../../packages/testing/src/fakes/fake-youtube.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
  });
  return import(pathToFileURL(outfile).href);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One GET as a browser asks (gzip accepted), timed from request to the last byte on the wire; the body is
 * decompressed and checked only after the clock stops. Also reads the server's own Server-Timing.
 */
function timedGet(url) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { agent, headers: { "accept-encoding": "gzip" } }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const ms = performance.now() - started;
        const wire = Buffer.concat(chunks);
        const raw = res.headers["content-encoding"] === "gzip" ? gunzipSync(wire) : wire;
        const body = raw.toString("utf8");
        const serverMs = Number(/dur=([\d.]+)/.exec(res.headers["server-timing"] ?? "")?.[1] ?? Number.NaN);
        let videos = null;
        try {
          videos = JSON.parse(body).videos?.length ?? null;
        } catch {
          // reported through the status
        }
        resolve({ status: res.statusCode, ms, serverMs, bytes: raw.length, wireBytes: wire.length, videos, body });
      });
    });
    req.on("error", reject);
  });
}

async function setup() {
  buildServer();
  const tmp = trackTempDir(await mkdtemp(path.join(os.tmpdir(), "portfolio-shuffler-bench-")));
  const { makePlaylist, startFakeYouTube } = await loadFakeYouTube(tmp);
  const fake = await startFakeYouTube();
  fake.playlists.set(PLAYLIST_ID, makePlaylist(PLAYLIST_SIZE, { privateEvery: 100, deletedEvery: 97, prefix: "b" }));
  fake.playlists.set(
    LATENCY_PLAYLIST_ID,
    makePlaylist(PLAYLIST_SIZE, { privateEvery: 100, deletedEvery: 97, prefix: "l" }),
  );
  const server = await startOurServer({
    name: "server",
    dir: tmp,
    path: "/api/hello",
    env: {
      YOUTUBE_API_KEY: fake.apiKey,
      YOUTUBE_API_BASE_URL: fake.baseUrl,
      YOUTUBE_CACHE_SECONDS: "3600",
    },
  });
  const origin = new URL(server.url).origin;
  log(`server up (pid ${server.pid}), fake YouTube at ${fake.baseUrl}`);
  return { origin, fake, playlistId: PLAYLIST_ID, close: () => fake.close() };
}

/** Part 1: the server half. */
async function serverHalf({ origin, fake, playlistId }) {
  const cachedRuns = numberFromEnv("BENCH_CACHED_RUNS", 25);
  const latencyMs = numberFromEnv("BENCH_UPSTREAM_LATENCY_MS", 50, { allowZero: true });
  const url = (id) => `${origin}/api/youtube-playlist?playlistId=${id}`;
  const expected = fake.playlists.get(playlistId).filter((v) => v.status === "public").length;

  log("cold fetch (loopback upstream, no added latency)");
  fake.calls.length = 0;
  const cold = await timedGet(url(playlistId));
  if (cold.status !== 200) throw new Error(`cold fetch answered ${cold.status}: ${cold.body.slice(0, 300)}`);
  const pages = fake.count("playlistItems");
  const batches = fake.count("videos");

  log(`${cachedRuns} cached answers`);
  const cached = [];
  for (let i = 0; i < cachedRuns; i++) {
    const run = await timedGet(url(playlistId));
    if (run.status !== 200) throw new Error(`cached fetch answered ${run.status}`);
    cached.push(run);
  }
  const upstreamDuringCached = fake.calls.length - pages - batches;

  let slow = null;
  if (latencyMs > 0) {
    log(`cold fetch with ${latencyMs} ms simulated latency per upstream call`);
    fake.calls.length = 0;
    fake.delayMs = latencyMs;
    slow = await timedGet(url(LATENCY_PLAYLIST_ID));
    fake.delayMs = 0;
    slow.pages = fake.count("playlistItems");
    slow.batches = fake.count("videos");
  }

  const wall = cached.map((r) => r.ms);
  const server = cached.map((r) => r.serverMs);
  const lines = [
    `Shuffler bench, server half: GET /api/youtube-playlist, ${PLAYLIST_SIZE}-entry playlist (1% private, ~1% deleted), production build`,
    `machine: ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(2)} at the end (other work on the machine shows in the cold times, p95 and max)`,
    "",
    `cold (uncached) answer:  ${fmt(cold.ms)} ms request to last byte, ${fmt(cold.serverMs)} ms in the server (Server-Timing), ${cold.videos} videos (expected ${expected}), ${(cold.bytes / 1024).toFixed(0)} KiB JSON, ${(cold.wireBytes / 1024).toFixed(0)} KiB gzipped`,
    `  upstream calls: ${pages} playlistItems pages + ${batches} videos batches = ${pages + batches}`,
    `cached answer (${cachedRuns} runs), request to last byte: median ${fmt(percentile(wall, 50), 2)} ms, p95 ${fmt(percentile(wall, 95), 2)} ms, max ${fmt(Math.max(...wall), 2)} ms; in the server median ${fmt(percentile(server, 50), 2)} ms`,
    `  upstream calls while cached: ${upstreamDuringCached}`,
  ];
  if (slow) {
    lines.push(
      `cold answer with ${latencyMs} ms per upstream call: ${fmt(slow.ms)} ms (${slow.pages} pages + ${slow.batches} batches; pages are sequential, batches overlap them: floor ${slow.pages * latencyMs} ms)`,
    );
  }
  const checks = [
    [
      `cached answer p95 (request to last byte) <= ${GOALS.maxCachedMs} ms`,
      percentile(wall, 95) <= GOALS.maxCachedMs,
      `${fmt(percentile(wall, 95), 2)} ms`,
    ],
    [
      `cold upstream calls <= ${GOALS.maxPages} pages + ${GOALS.maxBatches} batches`,
      pages <= GOALS.maxPages && batches <= GOALS.maxBatches,
      `${pages} + ${batches}`,
    ],
    ["cached answers make no upstream call", upstreamDuringCached === 0, String(upstreamDuringCached)],
    ["answer holds every playable video", cold.videos === expected, `${cold.videos} of ${expected}`],
  ];
  return { lines, checks };
}

// Part 2 (Chromium: interactive list time, scroll frame rate) is in shuffler-browser.mjs.
const PARTS = [serverHalf, browserHalf];

async function main() {
  const context = await setup();
  const out = [];
  try {
    for (const part of PARTS) {
      const { lines, checks } = await part(context);
      out.push(...lines, "", "goals:");
      const width = Math.max(...checks.map(([goal]) => goal.length));
      for (const [goal, ok, actual] of checks)
        out.push(`  ${ok ? "PASS" : "MISS"}  ${goal.padEnd(width)}  (${actual})`);
      out.push("");
    }
  } finally {
    agent.destroy();
    await context.close();
  }
  console.log(out.join("\n").trimEnd());
}

await runBench(main);
