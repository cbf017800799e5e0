// `pnpm bench:sync`: the server side of desktop sync, against the production build on a fresh
// SQLite database, called as the desktop calls it (Bearer device token, no cookie):
//   - push of 1,000 ops in two batches of 500 (500 new projects, then an edit of each): goal ≤ 1 s;
//   - replay of the same 1,000 ops (every one a duplicate, nothing applied): goal ≥ 5x faster than the push;
//   - pull of 5,000 changes (5,000 projects pushed after the cursor) in one page: goal ≤ 1 s;
//   - push of 1,000 offline creates (2 x 500 new projects, each with its version row and chained audit entry),
//     on SQLite (goal ≤ 1 s) and on PostgreSQL (goal ≤ 3 s, a throwaway durable cluster).
// Env: BENCH_ROUNDS times each figure is measured on a fresh set of ops (default 5; the median is reported);
// BENCH_DIALECTS=sqlite skips the PostgreSQL figure.
import { randomUUID } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { trackTempDir } from "./cleanup.mjs";
import { buildServer } from "./ensure-build.mjs";
import { createBenchDatabase, startBenchPostgres } from "./postgres.mjs";
import { runBench } from "./run-bench.mjs";
import { startOurServer } from "./spawn-server.mjs";
import { fmt, fmtRounds, median, numberFromEnv } from "./stats.mjs";

const OWNER_PASSWORD = "bench-owner-password";
const BATCH = 500;
const PULL_CHANGES = 5000;
const GOALS = { pushMs: 1000, pullMs: 1000, replaySpeedup: 5, createsMs: { sqlite: 1000, postgres: 3000 } };

const log = (message) => console.error(`bench: ${message}`);

/** Logs in as the owner with a session and mints a device token, as the desktop's first run does. */
async function deviceToken(base) {
  // The origin check compares with PUBLIC_URL, which defaults to http://localhost:<port>.
  const origin = `http://localhost:${new URL(base).port}`;
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ username: "owner", password: OWNER_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const created = await fetch(`${base}/api/sync/tokens`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, cookie },
    // Minting a device token asks for the password again (docs/security.md, promise 26).
    body: JSON.stringify({ name: "bench", password: OWNER_PASSWORD }),
  });
  if (created.status !== 201) throw new Error(`token answered ${created.status}: ${await created.text()}`);
  return (await created.json()).token;
}

function client(base, token) {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  return {
    async push(ops) {
      const res = await fetch(`${base}/api/sync/push`, {
        method: "POST",
        headers,
        body: JSON.stringify({ clientId: "bench-desktop", schemaVersion: 1, ops }),
      });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`push answered ${res.status}: ${JSON.stringify(body)}`);
      return body.results;
    },
    async pull(query = "") {
      const res = await fetch(`${base}/api/sync/pull${query}`, { headers });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`pull answered ${res.status}: ${JSON.stringify(body)}`);
      return body;
    },
  };
}

const op = (fields, entityId = randomUUID(), baseVersion = 0) => ({
  opId: randomUUID(),
  entity: "project",
  entityId,
  kind: "upsert",
  fields,
  baseVersion,
  at: new Date().toISOString(),
});

function newProjectOps(count, tag) {
  return Array.from({ length: count }, (_, i) =>
    op({
      title: `Bench project ${tag}-${i}`,
      description: "A project written offline on the desktop, pushed by the sync bench.",
      tags: ["bench", tag],
      github: "https://github.com/portfolio-owner/bench",
    }),
  );
}

function expectStatus(results, status, what) {
  const wrong = results.filter((r) => r.status !== status);
  if (wrong.length > 0) throw new Error(`${what}: ${wrong.length} ops answered ${JSON.stringify(wrong[0])}`);
}

async function timed(fn) {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

/** 1,000 offline creates in two pushes of 500, on a fresh server over `databaseUrl`: the median of `rounds`. */
async function measureCreates(dir, databaseUrl, rounds) {
  const server = await startOurServer({ name: "creates", dir, path: "/api/hello", env: { DATABASE_URL: databaseUrl } });
  try {
    const base = new URL(server.url).origin;
    const sync = client(base, await deviceToken(base));
    await sync.push(newProjectOps(100, "warm"));
    const times = [];
    for (let round = 1; round <= rounds; round++) {
      const pushed = await timed(async () => [
        ...(await sync.push(newProjectOps(BATCH, `c${round}a`))),
        ...(await sync.push(newProjectOps(BATCH, `c${round}b`))),
      ]);
      expectStatus(pushed.value, "applied", "creates");
      times.push(pushed.ms);
    }
    return times;
  } finally {
    await server.stop();
  }
}

async function main() {
  const rounds = numberFromEnv("BENCH_ROUNDS", 5);
  const dialects = (process.env.BENCH_DIALECTS ?? "sqlite,postgres").split(",");
  buildServer();
  const tmp = trackTempDir(await mkdtemp(path.join(os.tmpdir(), "portfolio-sync-bench-")));
  const server = await startOurServer({ name: "server", dir: tmp, path: "/api/hello" });
  const base = new URL(server.url).origin;
  const sync = client(base, await deviceToken(base));
  log(`server up (pid ${server.pid})`);

  // Warm-up (not counted): the JIT and SQLite's page cache start cold in every server.
  await sync.push(newProjectOps(100, "warm"));

  const push = [];
  const replay = [];
  for (let round = 1; round <= rounds; round++) {
    const creates = newProjectOps(BATCH, `r${round}`);
    const edits = creates.map((c) => op({ title: `${c.fields.title} (edited)`, isArchived: true }, c.entityId, 1));
    log(`round ${round}: push 2 x ${BATCH} ops`);
    const first = await timed(async () => [...(await sync.push(creates)), ...(await sync.push(edits))]);
    expectStatus(first.value, "applied", "push");
    push.push(first.ms);
    log(`round ${round}: replay the same ${2 * BATCH} ops`);
    const again = await timed(async () => [...(await sync.push(creates)), ...(await sync.push(edits))]);
    expectStatus(again.value, "duplicate", "replay");
    replay.push(again.ms);
  }

  log(`pull: pushing ${PULL_CHANGES} projects after a cursor (not timed)`);
  // The first pull is a snapshot, in pages: read them all to reach a cursor into the change log.
  let snapshot = await sync.pull();
  while (snapshot.hasMore) snapshot = await sync.pull(`?since=${encodeURIComponent(snapshot.cursor)}`);
  const { cursor } = snapshot;
  for (let i = 0; i < PULL_CHANGES / BATCH; i++)
    expectStatus(await sync.push(newProjectOps(BATCH, `p${i}`)), "applied", "pull setup");
  const pull = [];
  let pulled = 0;
  for (let round = 1; round <= rounds; round++) {
    const page = await timed(() => sync.pull(`?since=${encodeURIComponent(cursor)}&limit=${PULL_CHANGES}`));
    pulled = page.value.changes.length;
    if (pulled !== PULL_CHANGES || page.value.hasMore) {
      throw new Error(`pull answered ${pulled} changes, hasMore ${page.value.hasMore}`);
    }
    pull.push(page.ms);
  }

  await server.stop();
  const creates = {};
  for (const dialect of dialects) {
    log(`${dialect}: push 1,000 offline creates (2 x ${BATCH}), ${rounds} rounds`);
    const pg = dialect === "postgres" ? await startBenchPostgres() : undefined;
    try {
      const url = pg ? await createBenchDatabase(pg.url, "sync_creates") : `file:${path.join(tmp, "creates.db")}`;
      creates[dialect] = await measureCreates(tmp, url, rounds);
    } finally {
      pg?.stop();
    }
  }

  const pushMs = median(push);
  const replayMs = median(replay);
  const pullMs = median(pull);
  const speedup = pushMs / replayMs;
  const verdict = (ok) => (ok ? "ok" : "MISSED");
  console.log(`Sync bench (production build, SQLite, loopback; median of ${rounds} rounds)`);
  console.log(
    `  push 1,000 ops (2 x ${BATCH}):   ${fmt(pushMs)} ms  (goal ≤ ${GOALS.pushMs} ms: ${verdict(pushMs <= GOALS.pushMs)})`,
  );
  console.log(
    `  replay of the same 1,000 ops:  ${fmt(replayMs)} ms  = ${fmt(speedup)}x faster  (goal ≥ ${GOALS.replaySpeedup}x: ${verdict(speedup >= GOALS.replaySpeedup)})`,
  );
  console.log(
    `  pull of ${pulled.toLocaleString("en")} changes:       ${fmt(pullMs)} ms  (goal ≤ ${GOALS.pullMs} ms: ${verdict(pullMs <= GOALS.pullMs)})`,
  );
  for (const [dialect, times] of Object.entries(creates)) {
    const ms = median(times);
    const goal = GOALS.createsMs[dialect];
    console.log(
      `  1,000 offline creates, ${dialect.padEnd(8)} ${fmt(ms)} ms  (goal ≤ ${goal} ms: ${verdict(ms <= goal)}; rounds ${fmtRounds(times)} ms)`,
    );
  }
  console.log(`  rounds: push ${fmtRounds(push)} ms; replay ${fmtRounds(replay)} ms; pull ${fmtRounds(pull)} ms`);
}

await runBench(main);
