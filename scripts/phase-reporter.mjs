// A Playwright reporter that says where a browser run's time went, phase by phase: each fixture's set-up and
// tear-down (the test's own server, the context and page, sign-in fixtures), navigations, clicks, expectations,
// and every `test.step` (wrap axe or any helper in one to see its share). Printed at the end, largest first;
// the sum is of test time (both workers), so a share is of the work, not of the wall clock.
//   pnpm --filter @portfolio/site exec playwright test e2e/auth.e2e.ts --reporter=list,../../scripts/phase-reporter.mjs
// PHASES_JSON=<file> also writes the table as JSON.
import { writeFileSync } from "node:fs";

/**
 * The phase a step belongs to, or undefined for a step inside another (counted in its parent): fixtures by
 * name, set-up or tear-down; actions by name without their argument; expectations and test steps by title.
 * @param {{ category: string, title: string, parent?: { category: string, title: string } }} step
 * @param {"before" | "after" | undefined} hook where the step runs, when inside Before or After Hooks
 */
export function phaseOf(step, hook) {
  if (step.category === "hook") return undefined;
  if (step.parent && step.parent.category !== "hook") return undefined;
  if (step.category === "fixture") return `${step.title} ${hook === "after" ? "tear-down" : "set-up"}`;
  // An action's title carries its argument (`Press "Tab"`, `Fill "secret"`): one phase per action.
  const title = step.category === "pw:api" ? step.title.replace(/\s*[("].*$/s, "") : step.title;
  return `${step.category} ${title}`;
}

/** Rows of the table: phase, seconds and share of all test time, largest first. */
export function phaseTable(seconds, testSeconds) {
  return [...seconds.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([phase, s]) => ({ phase, seconds: Math.round(s * 10) / 10, share: testSeconds ? s / testSeconds : 0 }));
}

export default class PhaseReporter {
  seconds = new Map();
  testSeconds = 0;
  tests = 0;

  onStepEnd(_test, _result, step) {
    let hookStep = step.parent;
    while (hookStep && hookStep.category !== "hook") hookStep = hookStep.parent;
    const hook = hookStep?.title === "After Hooks" ? "after" : hookStep ? "before" : undefined;
    const phase = phaseOf(step, hook);
    if (phase) this.seconds.set(phase, (this.seconds.get(phase) ?? 0) + step.duration / 1000);
  }

  onTestEnd(_test, result) {
    this.tests++;
    this.testSeconds += result.duration / 1000;
  }

  onEnd() {
    const rows = phaseTable(this.seconds, this.testSeconds);
    console.log(`\nTime per phase over ${this.tests} tests (${this.testSeconds.toFixed(0)} s of test time):`);
    for (const row of rows.slice(0, 25))
      console.log(
        `${row.seconds.toFixed(1).padStart(8)} s ${(row.share * 100).toFixed(1).padStart(5)} %  ${row.phase}`,
      );
    if (process.env.PHASES_JSON) writeFileSync(process.env.PHASES_JSON, JSON.stringify(rows, null, 2));
  }

  printsToStdio() {
    return false;
  }
}
