/** axe-core for the browser tests (the site's and the desktop renderer's): the serious and critical violations on the page, one line each. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

interface ScanOptions {
  /** Names the screen in each line, for a test that scans several. */
  where?: string;
  disable?: string[];
}

export async function seriousViolations(
  page: Page,
  { where, disable = [], only }: ScanOptions & { only?: string[] } = {},
): Promise<string[]> {
  // A dialog still popping in, or a colour mid-transition, has blended colours that fail contrast checks
  // although the settled screen passes: check what the user ends up looking at.
  await animationsSettled(page);
  const builder = new AxeBuilder({ page }).disableRules(disable);
  const results = await (only ? builder.withRules(only) : builder).analyze();
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

/** The rules a theme can change the outcome of: the rest judge structure, names and roles, the same in both. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * The screen as it stands in both themes: every rule in the page's theme, then the colour rules in the other
 * one, switched in place the way a second tab switches it (a `storage` event), then back. One visit checks both
 * themes, instead of loading, hydrating and fully scanning every screen twice.
 */
export async function seriousViolationsInBothThemes(page: Page, options: ScanOptions = {}): Promise<string[]> {
  const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  const name = (theme: boolean) => `${options.where ? `${options.where}, ` : ""}${theme ? "dark" : "light"} mode`;
  const found = await seriousViolations(page, { ...options, where: name(dark) });
  await switchTheme(page, !dark);
  const only = COLOUR_RULES.filter((rule) => !options.disable?.includes(rule));
  if (only.length > 0) found.push(...(await seriousViolations(page, { where: name(!dark), only })));
  await switchTheme(page, dark);
  return found;
}

async function switchTheme(page: Page, dark: boolean): Promise<void> {
  const switched = await page.evaluate((dark) => {
    // Straight to the other theme's colours, as a page loaded in it shows them: no colour transitions to wait
    // out (they would not run under a test's paused clock either).
    const still = document.createElement("style");
    still.textContent = "*,*::before,*::after{transition:none!important}";
    document.head.append(still);
    localStorage.setItem("darkMode", JSON.stringify(dark));
    window.dispatchEvent(new StorageEvent("storage", { key: "darkMode" }));
    getComputedStyle(document.body).color; // applies the new colours while transitions are off
    still.remove();
    return document.documentElement.classList.contains("dark") === dark;
  }, dark);
  if (!switched) throw new Error("The page did not switch themes on a storage event: it has no theme to check.");
}
