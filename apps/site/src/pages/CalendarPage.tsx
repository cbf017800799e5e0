/** /calendar: a month view of project activity (started and updated projects) plus the owner's birthday. */

import { MESSAGES } from "@portfolio/core/domain";
import {
  Alert,
  Button,
  ChevronLeftIcon,
  ChevronRightIcon,
  cx,
  FOCUS_RING,
  Spinner,
  useDomId,
  useHydrated,
} from "@portfolio/ui";
import { type KeyboardEvent, startTransition, useEffect, useMemo, useRef, useState } from "react";
import {
  type ActivityEvent,
  birthdayEvent,
  dateKey,
  dayAfterKey,
  eventsInMonth,
  groupByDay,
  monthGrid,
  nearestActiveMonths,
  parseDateKey,
  projectEvents,
  sameDayInMonth,
} from "../lib/calendar.ts";
import { useSiteSettings } from "../lib/site-profile.ts";
import { useProjects } from "../lib/use-projects.ts";
import { birthDateOf } from "../settings/site-settings.ts";
import { PageShell } from "./PageShell.tsx";

/**
 * The month view depends on today's date, so the prerendered page shows a placeholder of its shape. After
 * hydration the view replaces it as a transition, rendered in small slices that leave the page responsive;
 * moving here inside the site shows it at once.
 */
function useMonthViewReady(): boolean {
  const hydrated = useHydrated();
  const [ready, setReady] = useState(hydrated);
  useEffect(() => {
    if (!ready) startTransition(() => setReady(true));
  }, [ready]);
  return ready;
}

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const MONTH = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric" });
const DAY = new Intl.DateTimeFormat("en-US", { weekday: "long", day: "numeric", month: "long", year: "numeric" });
const SHORT = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", year: "numeric" });

const KIND_STYLE: Record<ActivityEvent["kind"], { label: string; dot: string; chip: string }> = {
  created: {
    label: "Started",
    dot: "bg-emerald-500",
    chip: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  },
  updated: {
    label: "Updated",
    dot: "bg-sky-500",
    chip: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200",
  },
  birthday: {
    label: "Birthday",
    dot: "bg-fuchsia-500",
    chip: "bg-fuchsia-100 text-fuchsia-800 dark:bg-fuchsia-950 dark:text-fuchsia-200",
  },
};

export default function CalendarPage() {
  const monthViewReady = useMonthViewReady();
  const { projects, status } = useProjects({ whole: true });
  const activity = useMemo(() => projectEvents(projects), [projects]);
  // The owner's name and birthday as edited in the admin panel (the build's defaults until the server answers).
  const { ownerName, birthDate } = useSiteSettings();

  return (
    <PageShell wide>
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          Project Calendar
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          What {ownerName} started and shipped, month by month. Pick a highlighted day to see what happened.
        </p>
      </header>
      {status === "failed" ? (
        <Alert tone="warning" className="mb-6">
          {MESSAGES.databaseFailed}
        </Alert>
      ) : null}
      {monthViewReady ? (
        <MonthView activity={activity} ownerName={ownerName} birthDate={birthDate} />
      ) : (
        <CalendarSkeleton />
      )}
      <section aria-labelledby="recent-heading" className="mt-10">
        <h2 id="recent-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Recent activity
        </h2>
        {activity.length === 0 ? (
          <p className="mt-3 text-slate-600 dark:text-slate-400">No activity yet.</p>
        ) : (
          <ol className="mt-4 space-y-2">
            {activity.slice(0, 8).map((event) => (
              <li
                key={`${event.kind}-${event.projectId}-${event.key}`}
                className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900"
              >
                <span className={cx("rounded-md px-2 py-0.5 text-xs font-semibold", KIND_STYLE[event.kind].chip)}>
                  {KIND_STYLE[event.kind].label}
                </span>
                <span className="font-medium text-slate-900 dark:text-slate-100">{event.title}</span>
                <time
                  dateTime={event.at.toISOString()}
                  className="ml-auto text-sm text-slate-600 tabular-nums dark:text-slate-400"
                  suppressHydrationWarning
                >
                  {SHORT.format(event.at)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </section>
    </PageShell>
  );
}

function MonthView({
  activity,
  ownerName,
  birthDate,
}: {
  activity: readonly ActivityEvent[];
  ownerName: string;
  /** ISO date (YYYY-MM-DD). */
  birthDate: string;
}) {
  const today = new Date();
  const [view, setView] = useState({ year: today.getFullYear(), month: today.getMonth() });
  const [selected, setSelected] = useState<string>(dateKey(today));
  const gridRef = useRef<HTMLTableElement>(null);
  // Set by keyboard moves: after the render that shows the new day, focus follows it.
  const focusPending = useRef(false);
  const hintId = useDomId("calendar-keys");

  // The month's count and the marked days come from the same events, the owner's birthday included.
  const shown = useMemo(
    () => [...activity, birthdayEvent(birthDateOf({ birthDate }), view.year, ownerName)],
    [activity, birthDate, ownerName, view.year],
  );
  const days = useMemo(() => groupByDay(shown), [shown]);
  const grid = monthGrid(view.year, view.month);
  const monthName = MONTH.format(new Date(view.year, view.month, 1));
  const monthCount = eventsInMonth(shown, view.year, view.month).length;
  const selectedEvents = days.get(selected) ?? [];
  const latest = activity[0];
  // Roving focus: one day is in the tab order (the selected one, else the 1st of the month).
  const tabKey = grid.flat().some((day) => day.key === selected)
    ? selected
    : dateKey(new Date(view.year, view.month, 1));

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${selected}"]`)?.focus();
  }, [selected]);

  /** Shows `date`'s month with `date` selected (a day outside the month brings its month into view). */
  const select = (date: Date, focus = false) => {
    setView({ year: date.getFullYear(), month: date.getMonth() });
    setSelected(dateKey(date));
    focusPending.current = focus;
  };
  const go = (delta: number) => select(sameDayInMonth(parseDateKey(selected), delta));
  const onDayKey = (event: KeyboardEvent<HTMLButtonElement>, date: Date) => {
    const next = dayAfterKey(date, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    select(next, true);
  };

  return (
    <section
      aria-label="Month view"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <h2
          className="mr-auto text-xl font-semibold text-slate-900 dark:text-white"
          aria-live="polite"
          data-testid="calendar-month"
        >
          {monthName}
          <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-400">
            {monthCount === 1 ? "1 event" : `${monthCount} events`}
          </span>
        </h2>
        <Button variant="secondary" size="sm" onClick={() => select(new Date())}>
          Today
        </Button>
        {latest ? (
          <Button variant="secondary" size="sm" onClick={() => select(latest.at)}>
            Latest activity
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={() => go(-1)} aria-label="Previous month">
          <ChevronLeftIcon size={18} />
        </Button>
        <Button variant="ghost" size="sm" onClick={() => go(1)} aria-label="Next month">
          <ChevronRightIcon size={18} />
        </Button>
      </div>
      <table
        ref={gridRef}
        className="w-full table-fixed border-separate border-spacing-1"
        data-testid="calendar-grid"
        aria-describedby={hintId}
      >
        <caption className="sr-only">{monthName}</caption>
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th
                key={day}
                scope="col"
                className="pb-1 text-xs font-semibold text-slate-600 uppercase dark:text-slate-400"
              >
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.map((week) => (
            <tr key={week[0]?.key}>
              {week.map((day) => {
                const events = days.get(day.key) ?? [];
                const isToday = day.key === dateKey(new Date());
                const isSelected = day.key === selected;
                return (
                  <td key={day.key} className="p-0">
                    <button
                      type="button"
                      data-day={day.key}
                      tabIndex={day.key === tabKey ? 0 : -1}
                      onClick={() => select(day.date)}
                      onKeyDown={(event) => onDayKey(event, day.date)}
                      aria-pressed={isSelected}
                      aria-current={isToday ? "date" : undefined}
                      aria-label={`${DAY.format(day.date)}${events.length ? `, ${events.length} ${events.length === 1 ? "event" : "events"}` : ""}`}
                      className={cx(
                        "flex aspect-square w-full flex-col items-center justify-start rounded-lg p-1 text-sm transition-colors sm:aspect-[4/3] sm:p-2",
                        FOCUS_RING,
                        day.inMonth
                          ? "font-medium text-slate-900 dark:text-slate-100"
                          : // Days of the neighbouring months: dimmer, yet readable on an activity day's tint (AA).
                            "text-slate-600 dark:text-slate-400",
                        events.length
                          ? "bg-indigo-50 hover:bg-indigo-100 dark:bg-indigo-950/60 dark:hover:bg-indigo-900/60"
                          : "hover:bg-slate-100 dark:hover:bg-slate-800",
                        isSelected && "ring-2 ring-indigo-500 dark:ring-indigo-400",
                      )}
                    >
                      <span
                        className={cx(
                          "flex size-7 items-center justify-center rounded-full tabular-nums",
                          isToday && "bg-indigo-600 font-semibold text-white dark:bg-indigo-500",
                        )}
                      >
                        {day.date.getDate()}
                      </span>
                      <span className="mt-1 flex flex-wrap justify-center gap-0.5" aria-hidden="true">
                        {events.slice(0, 4).map((event) => (
                          <span
                            key={`${event.kind}-${event.projectId ?? event.title}`}
                            className={cx("size-1.5 rounded-full", KIND_STYLE[event.kind].dot)}
                          />
                        ))}
                      </span>
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {/* Under the grid (it shows the empty month itself): live data that fills the month moves nothing above. */}
      {monthCount === 0 ? (
        <EmptyMonth monthName={monthName} {...nearestActiveMonths(activity, view.year, view.month)} onGo={select} />
      ) : null}
      <LegendAndHint hintId={hintId} />
      <div className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800" aria-live="polite">
        <h3 className="font-semibold text-slate-900 dark:text-white">{DAY.format(parseDateKey(selected))}</h3>
        {selectedEvents.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Nothing happened on this day.</p>
        ) : (
          <ul className="mt-2 space-y-1.5" data-testid="day-events">
            {selectedEvents.map((event) => (
              <li key={`${event.kind}-${event.projectId ?? event.title}`} className="flex items-center gap-2 text-sm">
                <span className={cx("rounded-md px-2 py-0.5 text-xs font-semibold", KIND_STYLE[event.kind].chip)}>
                  {KIND_STYLE[event.kind].label}
                </span>
                <span className="text-slate-800 dark:text-slate-200">{event.title}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** A month without project activity: say so, and offer the nearest months that have some. */
function EmptyMonth({
  monthName,
  before,
  after,
  onGo,
}: {
  monthName: string;
  before?: Date | undefined;
  after?: Date | undefined;
  onGo: (date: Date) => void;
}) {
  return (
    <div
      data-testid="calendar-empty"
      className="mt-4 flex flex-wrap items-center gap-3 rounded-xl border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300"
    >
      <p className="mr-auto">No project activity in {monthName}.</p>
      {before ? (
        <Button variant="secondary" size="sm" onClick={() => onGo(before)}>
          <ChevronLeftIcon size={16} /> {MONTH.format(before)}
        </Button>
      ) : null}
      {after ? (
        <Button variant="secondary" size="sm" onClick={() => onGo(after)}>
          {MONTH.format(after)} <ChevronRightIcon size={16} />
        </Button>
      ) : null}
    </div>
  );
}

/** Under the grid: the dot colours and the keyboard hint (also in the skeleton, for the same height). */
function LegendAndHint({ hintId }: { hintId?: string }) {
  return (
    <>
      <div className="mt-4 flex flex-wrap gap-4 text-xs text-slate-600 dark:text-slate-400" aria-hidden="true">
        {(Object.keys(KIND_STYLE) as ActivityEvent["kind"][]).map((kind) => (
          <span key={kind} className="inline-flex items-center gap-1.5">
            <span className={cx("size-2 rounded-full", KIND_STYLE[kind].dot)} /> {KIND_STYLE[kind].label}
          </span>
        ))}
      </div>
      <p id={hintId} className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        Arrow keys move between days; Page Up and Page Down change the month (with Shift, the year).
      </p>
    </>
  );
}

/**
 * What the prerendered page shows until the month view runs (it needs the visitor's today): the month
 * view's own frame, six empty weeks of the same cells, its legend and a day's line, so the page below does
 * not jump when it arrives.
 */
function CalendarSkeleton() {
  return (
    <section
      aria-label="Month view"
      className="relative rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="mb-4 flex h-8 items-center text-slate-600 dark:text-slate-400" role="status">
        <Spinner className="mr-2" /> Loading the calendar…
      </div>
      <table className="w-full table-fixed border-separate border-spacing-1" aria-hidden="true">
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th key={day} className="pb-1 text-xs font-semibold text-slate-600 uppercase dark:text-slate-400">
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[0, 1, 2, 3, 4, 5].map((week) => (
            <tr key={week}>
              {WEEKDAYS.map((day) => (
                <td key={day} className="p-0">
                  <div className="aspect-square w-full rounded-lg bg-slate-50 sm:aspect-[4/3] dark:bg-slate-800/40" />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <LegendAndHint />
      <div className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800" aria-hidden="true">
        <div className="h-6" />
        <div className="mt-2 h-5" />
      </div>
    </section>
  );
}
