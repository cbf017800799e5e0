/**
 * Which forms hold unsaved changes. Each form reports its own dirty state under a key; the
 * panel's tab switch, a dialog's close, an in-app navigation and the page unload ask the registry before
 * they drop anything. Plain TypeScript, no React, so the rule is testable on its own.
 */

export const DISCARD_QUESTION = "Discard your changes?";
export const DISCARD_DETAIL = "You have changes that are not saved. Discarding them cannot be undone.";
export const DISCARD_LABEL = "Discard";
export const KEEP_EDITING_LABEL = "Keep editing";

export interface UnsavedRegistry {
  /** The form under `key` now has (or no longer has) unsaved changes. */
  report(key: string, dirty: boolean): void;
  /** The form under `key` is gone (unmounted): its changes no longer count. */
  forget(key: string): void;
  /** True while any form holds unsaved changes. */
  isDirty(): boolean;
  /** Called whenever isDirty() may have changed; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export function createUnsavedRegistry(): UnsavedRegistry {
  const dirtyKeys = new Set<string>();
  const listeners = new Set<() => void>();
  const change = (update: () => void) => {
    const before = dirtyKeys.size > 0;
    update();
    if (before !== dirtyKeys.size > 0) for (const listener of [...listeners]) listener();
  };
  return {
    report: (key, dirty) => change(() => (dirty ? dirtyKeys.add(key) : dirtyKeys.delete(key))),
    forget: (key) => change(() => dirtyKeys.delete(key)),
    isDirty: () => dirtyKeys.size > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Keeps a `beforeunload` listener on `target` exactly while the registry is dirty, so a clean page never
 * asks (and keeps the browser's back-forward cache) and a dirty one gets the browser's own 'Leave site?'.
 * Returns the function that removes it for good.
 */
export function bindBeforeUnload(registry: UnsavedRegistry, target: EventTarget): () => void {
  // preventDefault alone is the standard way to ask (Chromium 119+, Firefox, Safari).
  const onBeforeUnload = (event: Event) => event.preventDefault();
  let bound = false;
  const sync = () => {
    const dirty = registry.isDirty();
    if (dirty && !bound) target.addEventListener("beforeunload", onBeforeUnload);
    if (!dirty && bound) target.removeEventListener("beforeunload", onBeforeUnload);
    bound = dirty;
  };
  sync();
  const unsubscribe = registry.subscribe(sync);
  return () => {
    unsubscribe();
    if (bound) target.removeEventListener("beforeunload", onBeforeUnload);
    bound = false;
  };
}
