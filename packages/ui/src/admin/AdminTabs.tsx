/**
 * The tab bar (WAI-ARIA tabs: arrow keys, Home and End move between tabs and select them). Its five tabs
 * fit a 390 px phone; on a narrower screen it scrolls sideways, with a fade on the side where more tabs wait.
 */
import { type KeyboardEvent, useEffect, useRef } from "react";
import { FOCUS_RING } from "../components/Button.tsx";
import { cx } from "../components/cx.ts";
import { ScrollCue } from "../components/ScrollCue.tsx";
import { useOverflowCue } from "../components/use-overflow-cue.ts";
import { type AdminTab, TAB_LABELS, tabAfterKey } from "./tabs.ts";

export function tabId(tab: AdminTab): string {
  return `admin-tab-${tab}`;
}

export function panelId(tab: AdminTab): string {
  return `admin-panel-${tab}`;
}

export function AdminTabs({
  tabs,
  current,
  onSelect,
}: {
  tabs: readonly AdminTab[];
  current: AdminTab;
  onSelect: (tab: AdminTab) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  // Focus follows a keyboard selection once it has happened: a switch that waits on 'Discard your
  // changes?' (or is refused) leaves focus where it was.
  const keyboardMove = useRef(false);
  useEffect(() => {
    if (!keyboardMove.current) return;
    keyboardMove.current = false;
    list.current?.querySelector<HTMLElement>(`#${tabId(current)}`)?.focus();
  }, [current]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = tabAfterKey(tabs, current, event.key);
    if (!next) return;
    event.preventDefault();
    keyboardMove.current = true;
    onSelect(next);
  };
  const cue = useOverflowCue(list);
  return (
    <div className="relative">
      <div
        ref={list}
        role="tablist"
        aria-label="Admin panel sections"
        onKeyDown={onKeyDown}
        data-testid="admin-tablist"
        className="flex overflow-x-auto border-b border-slate-200 [scrollbar-width:none] dark:border-slate-800"
      >
        {tabs.map((tab) => {
          const selected = tab === current;
          return (
            <button
              key={tab}
              id={tabId(tab)}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={selected ? panelId(tab) : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => onSelect(tab)}
              className={cx(
                "-mb-px shrink-0 border-b-2 px-1.5 py-2.5 text-[0.8125rem] sm:px-4 sm:text-sm font-semibold whitespace-nowrap transition-colors",
                FOCUS_RING,
                selected
                  ? "border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300"
                  : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-400 dark:hover:border-slate-600 dark:hover:text-white",
              )}
            >
              {TAB_LABELS[tab]}
            </button>
          );
        })}
      </div>
      <ScrollCue cue={cue} />
    </div>
  );
}
