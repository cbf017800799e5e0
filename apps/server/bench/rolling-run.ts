// One rolling-restart scenario per balancer (src/test/rolling.ts), longer than the test's:
// run by rolling-bench.mjs through vitest (rolling.vitest.config.ts), which prints the reports it writes.
import { appendFileSync } from "node:fs";
import { it } from "vitest";
import type { BalancerKind } from "../src/test/balancers.ts";
import { formatRollingReport, runRollingScenario } from "../src/test/rolling.ts";

const balancers = (process.env.ROLLING_BALANCERS ?? "nginx,caddy").split(",") as BalancerKind[];
const rounds = Number(process.env.ROLLING_ROUNDS ?? 3);
const steadyMs = Number(process.env.ROLLING_STEADY_MS ?? 3000);
const reportFile = process.env.ROLLING_REPORT_FILE as string;

for (const balancer of balancers) {
  it(`rolling restart behind ${balancer}`, async () => {
    const report = await runRollingScenario({
      balancer,
      rounds,
      steadyMs,
      log: (line) => appendFileSync(reportFile, `# ${line}\n`),
    });
    appendFileSync(reportFile, `${JSON.stringify({ report, text: formatRollingReport(report) })}\n`);
  });
}
