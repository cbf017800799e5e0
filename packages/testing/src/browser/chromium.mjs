/**
 * Debian's Chromium, as the browser tests and the benches launch it: no sandbox (containers), no GPU, and
 * none of the background traffic that would skew a measurement.
 *
 * Two builds of the same Debian source package:
 * - TEST_CHROME_PATH, for the browser tests: `chromium-headless-shell`, Chromium's headless-only shell
 *   (what Playwright itself runs headless). It renders pages with the same Blink, but opens no browser
 *   window behind each page, so a test costs about two thirds of the CPU it costs in the full browser: on
 *   two cores that is what keeps the whole suite inside ten minutes. E2E_CHROME_PATH overrides it.
 * - CHROME_PATH, for Lighthouse, the screenshots and the benches, which measure what a visitor's full
 *   browser does: `/usr/bin/chromium`. CHROME_PATH in the environment overrides it.
 */
export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const TEST_CHROME_PATH = process.env.E2E_CHROME_PATH ?? "/usr/bin/chromium-headless-shell";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
