/** Listens for the shuffler's keyboard shortcuts (see shortcuts.ts) while a playlist is loaded. */
import { useEffect, useRef } from "react";
import { type ShortcutAction, shortcutFor } from "./shortcuts.ts";

export function useShortcuts(enabled: boolean, handlers: Record<ShortcutAction, () => void>) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const action = shortcutFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        repeat: event.repeat,
        target: target
          ? { tagName: target.tagName, isContentEditable: target.isContentEditable, role: target.getAttribute("role") }
          : null,
      });
      if (!action) return;
      // A dialog (e.g. the loading screen or another modal) owns the keyboard while open.
      if (document.querySelector('[aria-modal="true"]')) return;
      event.preventDefault();
      latest.current[action]();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [enabled]);
}
