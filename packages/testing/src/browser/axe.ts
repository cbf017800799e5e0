/** axe-core for the browser tests (the site's and the desktop renderer's): the serious and critical violations on the page, one line each. */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

// axe-core's types and source as @axe-core/playwright has them (axe-core is its dependency, not ours).
type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;
type RunOptions = Parameters<AxeBuilder["options"]>[0];
// The axe-core that @axe-core/playwright runs, read once per test process.
const require = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"));
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

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
  const results = await runAxe(page, {
    resultTypes: ["violations"],
    rules: Object.fromEntries(disable.map((rule) => [rule, { enabled: false }])),
    ...(only ? { runOnly: { type: "rule", values: only } } : {}),
  });
  const prefix = where ? `${where}: ` : "";
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${prefix}${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * axe in the page itself, put there once per document: AxeBuilder injects its half-megabyte source again for
 * every scan and finishes each in a page of its own, about a second a scan for what takes axe a tenth of one.
 * A page with frames (an embedded player) still goes through AxeBuilder, which reaches into every frame.
 */
async function runAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).options(options);
    return builder.analyze();
  }
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (options) =>
      (window as unknown as { axe: { run(context: Document, o: RunOptions): Promise<AxeResults> } }).axe.run(
        document,
        options,
      ),
    options,
  );
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
  const switched = await page.evaluate(async (dark) => {
    // Straight to the other theme's colours, as a page loaded in it shows them: no colour transitions to wait
    // out (they would not run under a test's paused clock either).
    const still = document.createElement("style");
    still.textContent = "*,*::before,*::after{transition:none!important}";
    document.head.append(still);
    localStorage.setItem("darkMode", JSON.stringify(dark));
    // As another tab of the site tells it (use-dark-mode.ts). A channel gets a message after every older one
    // of the same name in the page, so once `probe` hears it the page's own channel has applied it (no timer:
    // a test's clock may be paused).
    const sender = new BroadcastChannel("darkMode");
    const probe = new BroadcastChannel("darkMode");
    const heard = new Promise((resolve) => {
      probe.onmessage = resolve;
    });
    sender.postMessage(dark);
    await heard;
    sender.close();
    probe.close();
    getComputedStyle(document.body).color; // applies the new colours while transitions are off
    still.remove();
    return document.documentElement.classList.contains("dark") === dark;
  }, dark);
  if (!switched)
    throw new Error("The page did not switch themes on a message from another tab: it has no theme to check.");
}
