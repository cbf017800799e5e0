/**
 * Debian's Chromium, as the browser tests and the benches launch it (CHROME_PATH overrides the path): no
 * sandbox (containers), no GPU, and none of the background traffic that would skew a measurement.
 */
export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
