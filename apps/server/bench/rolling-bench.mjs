// `pnpm bench:rolling`: the rolling restart (README, 'Rolling restart'), longer than the test's. Two instances on PostgreSQL
// behind each shipped balancer (Debian's nginx and Caddy with deploy/nginx.conf and deploy/Caddyfile), six
// readers and two writers running, every instance restarted one at a time, ROLLING_ROUNDS times (default 3),
// with ROLLING_STEADY_MS of load before and after (default 3000). Prints per balancer: requests, failed by
// status, written, lost, duplicated, and each instance's drain and start times. Exits 1 when a request
// failed or a write was lost or made twice. ROLLING_BALANCERS=nginx (or caddy) runs one.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const vitest = join(dirname(createRequire(join(root, "package.json")).resolve("vitest/package.json")), "vitest.mjs");
const dir = mkdtempSync(join(tmpdir(), "portfolio-rolling-bench-"));
const reportFile = join(dir, "reports.ndjson");

console.error("bench: starting PostgreSQL, the instances and each balancer in turn (a few minutes)...");
const run = spawnSync(
  process.execPath,
  [vitest, "run", "--config", join(root, "apps/server/bench/rolling.vitest.config.ts"), "--reporter=dot"],
  {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, TEST_DATABASE: "postgres", ROLLING_REPORT_FILE: reportFile },
  },
);

let lines = [];
try {
  lines = readFileSync(reportFile, "utf8").split("\n").filter(Boolean);
} catch {
  // no report: the run failed before the first scenario ended
}
rmSync(dir, { recursive: true, force: true });
let bad = run.status !== 0;
const reports = lines.filter((line) => !line.startsWith("# ")).map((line) => JSON.parse(line));
console.log("\nRolling restart under load (6 readers, 2 writers):");
for (const { report, text } of reports) {
  console.log(text);
  if (Object.keys(report.failed).length > 0 || report.lost > 0 || report.duplicated > 0) bad = true;
}
if (reports.length === 0) console.log("  no scenario finished: see the errors above.");
process.exit(bad ? 1 : 0);
