/** axe-core for the browser tests (the site's and the desktop renderer's): the serious and critical violations on the page, one line each. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export async function seriousViolations(
  page: Page,
  { where, disable = [] }: { where?: string; disable?: string[] } = {},
): Promise<string[]> {
  // A dialog still popping in, or a colour mid-transition, has blended colours that fail contrast checks
  // although the settled screen passes: check what the user ends up looking at.
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).disableRules(disable).analyze();
  const prefix = where ? `${where}: ` : "";
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${prefix}${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * Resolves once the page's running animations and transitions have finished. Endless ones (spinners,
 * pulses) never finish and are left out; a cancelled one counts as done.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.playState === "running")
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
