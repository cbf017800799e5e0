import { useSyncExternalStore } from "react";

const noop = () => () => {};

/**
 * False while rendering on the server and during hydration, true afterwards. Lets a prerendered page show
 * build-time content first and switch to per-visitor content (query string, clock) without a mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
