/**
 * The Settings sections' own navigation: a list of links (`#settings/<section>`, so each opens by address
 * and in a new tab), the current one marked with aria-current. Beside the section on wide screens; above it
 * below the lg breakpoint, as a row that scrolls sideways (with a fade where more links wait) at 390 px.
 */
import { type MouseEvent, useRef } from "react";
import { FOCUS_RING } from "../../components/Button.tsx";
import { cx } from "../../components/cx.ts";
import { ScrollCue } from "../../components/ScrollCue.tsx";
import { useOverflowCue } from "../../components/use-overflow-cue.ts";
import { SECTION_LABELS, type SettingsSection, sectionHash } from "../settings-sections.ts";

export function SettingsNav({
  sections,
  current,
  onSelect,
}: {
  sections: readonly SettingsSection[];
  current: SettingsSection;
  onSelect: (section: SettingsSection) => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  const cue = useOverflowCue(list);
  const follow = (event: MouseEvent<HTMLAnchorElement>, section: SettingsSection) => {
    // A plain click stays in the page (and asks about unsaved changes first); a modified click opens a tab.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onSelect(section);
  };
  return (
    <nav
      aria-label="Settings sections"
      className="relative min-w-0 lg:sticky lg:top-24 lg:self-start"
      data-testid="settings-nav"
    >
      <ul
        ref={list}
        className="flex gap-1 overflow-x-auto pb-1 [scrollbar-width:none] lg:flex-col lg:overflow-visible lg:pb-0"
      >
        {sections.map((section) => {
          const selected = section === current;
          return (
            <li key={section} className="shrink-0">
              <a
                href={sectionHash(section)}
                aria-current={selected ? "page" : undefined}
                onClick={(event) => follow(event, section)}
                className={cx(
                  "block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors",
                  FOCUS_RING,
                  selected
                    ? "bg-indigo-50 text-indigo-800 dark:bg-indigo-950/70 dark:text-indigo-200"
                    : "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white",
                )}
              >
                {SECTION_LABELS[section]}
              </a>
            </li>
          );
        })}
      </ul>
      <ScrollCue cue={cue} />
    </nav>
  );
}
