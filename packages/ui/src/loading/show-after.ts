/**
 * Whether a wait deserves the loading screen of spec section 9. Apart from the screen's own rules
 * (loading-progress.ts), so LoadingGate can decide it without loading the screen and its messages.
 */

/**
 * A wait shorter than this shows no loading screen at all (a blink of a full-screen cover is worse than a
 * quiet page); a longer one shows the screen, which then keeps its own rules (2000 ms minimum, Skip).
 */
export const LOADING_SHOW_AFTER_MS = 500;

/** Whether a wait that has lasted `elapsedMs` and is not over yet deserves the loading screen. */
export function showsLoadingScreen(
  elapsedMs: number,
  done: boolean,
  showAfterMs: number = LOADING_SHOW_AFTER_MS,
): boolean {
  return !done && elapsedMs >= showAfterMs;
}
