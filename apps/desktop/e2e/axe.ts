/** axe-core for the desktop renderer tests (the same helper as apps/site/e2e/axe.ts): serious and critical violations, one line each. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export async function seriousViolations(
  page: Page,
  { where, disable = [] }: { where?: string; disable?: string[] } = {},
): Promise<string[]> {
  const results = await new AxeBuilder({ page }).disableRules(disable).analyze();
  const prefix = where ? `${where}: ` : "";
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${prefix}${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
