// `pnpm bench:history`: what history and the audit chain cost, on SQLite and on PostgreSQL.
// 1. A project edit with its history row and chained audit entry (`updateProject`) against the same edit
//    without them (`updateProject` as it was before history and the audit chain, commit 31dd766, copied into history-run.ts),
//    measured in the same run on the same database, interleaved round by round; the medians and their ratio
//    are printed. Goal: ratio ≤ 1.2.
// 2. `audit:verify`'s check (`verifyAuditChain`) over 500,000 chained entries, seeded through the data layer
//    by bench:scale's seeding (scale-seed.ts, with the chain's key). Goal: ≤ 5 s.
// PostgreSQL runs on a throwaway cluster with durability on (postgres.mjs), as SQLite runs with its commits
// synced. Prints PASS or FAIL per figure and overall (a missed goal is reported, as by the other benches).
// Env: BENCH_ROUNDS (edits each way, default 1000); BENCH_AUDIT_ENTRIES (default 500000);
// BENCH_DIALECTS=sqlite,postgres (default both); BENCH_POSTGRES_URL (see postgres.mjs).
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { trackTempDir } from "./cleanup.mjs";
import { importTs } from "./import-ts.mjs";
import { createBenchDatabase, startBenchPostgres } from "./postgres.mjs";
import { runBench } from "./run-bench.mjs";
import { fmt, median, numberFromEnv } from "./stats.mjs";

const log = (message) => console.error(`bench: ${message}`);
const GOALS = { editRatio: 1.2, verifyMs: 5000 };
// A key for the bench's own databases only.
const AUDIT_KEY = "bench-history-audit-key-0123456789abcdef";

async function databaseFor(dialect, name, dir, pgUrl) {
  return dialect === "postgres" ? createBenchDatabase(pgUrl, name) : `file:${path.join(dir, `${name}.db`)}`;
}

const verdict = (pass) => (pass ? "PASS" : "FAIL");

async function benchDialect(run, dialect, dir, pgUrl, { rounds, auditEntries }) {
  const lines = [];
  let pass = true;

  log(`${dialect}: seeding the edit database (1,000 users, 100 projects, 5,000 audit entries)`);
  const editUrl = await databaseFor(dialect, "history_edit", dir, pgUrl);
  await run.seedScale(editUrl, { users: 1_000, projects: 100, audit: 5_000 }, (line) => log(`${dialect}: ${line}`), {
    auditKey: AUDIT_KEY,
  });
  log(`${dialect}: ${rounds} edits each way`);
  const edits = await run.measureEdits(editUrl, AUDIT_KEY, rounds, Math.min(20, rounds));
  const withHistory = median(edits.withHistoryMs);
  const without = median(edits.withoutHistoryMs);
  const ratio = withHistory / without;
  const editPass = ratio <= GOALS.editRatio;
  pass &&= editPass;
  lines.push(
    `  project edit, median of ${rounds}: with history + chained audit ${fmt(withHistory, 2)} ms, ` +
      `without (the edit before history and the chain) ${fmt(without, 2)} ms, ratio x${fmt(ratio, 2)} ` +
      `(goal ≤ x${GOALS.editRatio}) ${verdict(editPass)}`,
  );

  log(`${dialect}: seeding ${auditEntries.toLocaleString("en")} chained audit entries`);
  const verifyUrl = await databaseFor(dialect, "history_verify", dir, pgUrl);
  await run.seedScale(
    verifyUrl,
    { users: 1_000, projects: 10, audit: auditEntries },
    (line) => log(`${dialect}: ${line}`),
    { auditKey: AUDIT_KEY },
  );
  log(`${dialect}: verifying`);
  const verify = await run.measureVerify(verifyUrl, AUDIT_KEY);
  const verifyPass = verify.ok && verify.entries === auditEntries && verify.ms <= GOALS.verifyMs;
  pass &&= verifyPass;
  lines.push(
    `  audit:verify over ${verify.entries.toLocaleString("en")} entries (${verify.ok ? "intact" : "BROKEN"}): ` +
      `${fmt(verify.ms / 1000, 2)} s (goal ≤ ${GOALS.verifyMs / 1000} s) ${verdict(verifyPass)}`,
  );
  return { lines, pass };
}

async function main() {
  const rounds = numberFromEnv("BENCH_ROUNDS", 1000);
  const auditEntries = numberFromEnv("BENCH_AUDIT_ENTRIES", 500_000);
  const dialects = (process.env.BENCH_DIALECTS ?? "sqlite,postgres").split(",").map((d) => d.trim());
  const run = await importTs("./history-run.ts", "history-run.mjs");
  const dir = trackTempDir(await mkdtemp(path.join(os.tmpdir(), "portfolio-history-bench-")));
  let pass = true;
  const report = [];
  for (const dialect of dialects) {
    const pg = dialect === "postgres" ? await startBenchPostgres() : undefined;
    const result = await benchDialect(run, dialect, dir, pg?.url, { rounds, auditEntries });
    report.push(`\nHistory bench, ${dialect}`, ...result.lines);
    pass &&= result.pass;
  }
  for (const line of report) console.log(line);
  console.log(`\n${verdict(pass)}`);
}

await runBench(main);
