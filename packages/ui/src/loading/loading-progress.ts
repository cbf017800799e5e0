/** The loading screen's rules (spec section 9) as plain functions, so they can be tested in Node. */

export const LOADING_MIN_MS = 2000;
export const LOADING_SKIP_AFTER_MS = 3000;
/** Progress never passes this until the work is done; then it jumps to 100. */
export const LOADING_CAP = 95;
export const LOADING_TICK_MS = 180;
export const LOADING_MESSAGE_MS = 1600;
// When a wait deserves the screen at all: its own module, as the gate that decides it loads the screen later.
export { LOADING_SHOW_AFTER_MS, showsLoadingScreen } from "./show-after.ts";

export const LOADING_MESSAGES: readonly string[] = [
  "Compiling the good stuff...",
  "Reticulating splines...",
  "Warming up the servers...",
  "Untangling the spaghetti code...",
  "Feeding the hamsters that power the backend...",
  "Convincing the bits to line up...",
  "Brewing a fresh pot of coffee...",
  "Polishing the pixels...",
  "Counting to infinity (almost there)...",
  "Asking the rubber duck for advice...",
  "Downloading more RAM...",
  "Aligning the flux capacitor...",
  "Teaching the AI to say please...",
  "Dusting off the old projects...",
  "Herding the semicolons...",
  "Shuffling the playlist of life...",
  "Charging the lasers...",
  "Refactoring reality...",
  "Waking up the cat of the day...",
  "Almost there, promise!",
];

/** One random step up: big steps early, small near the cap, never above it, never backwards. */
export function nextProgress(current: number, random: number): number {
  if (current >= LOADING_CAP) return Math.max(current, LOADING_CAP);
  const remaining = LOADING_CAP - current;
  const step = Math.max(0.5, remaining * (0.04 + 0.16 * Math.min(Math.max(random, 0), 1)));
  return Math.min(LOADING_CAP, Math.round((current + step) * 10) / 10);
}

/** How long to keep the screen after the work finished so it stays up at least LOADING_MIN_MS. */
export function remainingMinimum(elapsedMs: number, minimumMs: number = LOADING_MIN_MS): number {
  return Math.max(0, minimumMs - elapsedMs);
}

export function canSkip(elapsedMs: number, skipAfterMs: number = LOADING_SKIP_AFTER_MS): boolean {
  return elapsedMs >= skipAfterMs;
}

/** A random message index other than the current one. */
export function nextMessageIndex(current: number, random: number, count: number = LOADING_MESSAGES.length): number {
  if (count <= 1) return 0;
  const offset = 1 + Math.floor(Math.min(Math.max(random, 0), 0.999999) * (count - 1));
  return (current + offset) % count;
}
