/** Month-view calendar maths and project activity events, as plain functions (local time). */
import type { Project } from "@portfolio/core/domain";

export interface CalendarDay {
  key: string;
  date: Date;
  inMonth: boolean;
}

export type ActivityKind = "created" | "updated" | "birthday";

export interface ActivityEvent {
  key: string;
  kind: ActivityKind;
  title: string;
  at: Date;
  projectId?: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Local calendar date as YYYY-MM-DD. */
export function dateKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Weeks (Monday first) covering the month; days outside the month fill the first and last week. */
export function monthGrid(year: number, month: number): CalendarDay[][] {
  const first = new Date(year, month, 1);
  const offset = (first.getDay() + 6) % 7; // Monday = 0
  const start = new Date(year, month, 1 - offset);
  const daysInMonth = new Date(year, month + 1, 0).getDate();
  const weeks = Math.ceil((offset + daysInMonth) / 7);
  const grid: CalendarDay[][] = [];
  for (let w = 0; w < weeks; w++) {
    const week: CalendarDay[] = [];
    for (let d = 0; d < 7; d++) {
      const date = new Date(start.getFullYear(), start.getMonth(), start.getDate() + w * 7 + d);
      week.push({ key: dateKey(date), date, inMonth: date.getMonth() === month });
    }
    grid.push(week);
  }
  return grid;
}

/** A project's activity: when it was created and, if later, last updated. Invalid dates are skipped. */
export function projectEvents(projects: readonly Project[]): ActivityEvent[] {
  const events: ActivityEvent[] = [];
  for (const project of projects) {
    const created = new Date(project.createdAt);
    const updated = new Date(project.updatedAt);
    if (!Number.isNaN(created.getTime())) {
      events.push({
        key: dateKey(created),
        kind: "created",
        title: project.title,
        at: created,
        projectId: project._id,
      });
    }
    if (!Number.isNaN(updated.getTime()) && updated.getTime() - created.getTime() > 60_000) {
      events.push({
        key: dateKey(updated),
        kind: "updated",
        title: project.title,
        at: updated,
        projectId: project._id,
      });
    }
  }
  return events.sort((a, b) => b.at.getTime() - a.at.getTime());
}

export function birthdayEvent(birthDate: Date, year: number, ownerName: string): ActivityEvent {
  const at = new Date(year, birthDate.getMonth(), birthDate.getDate());
  return { key: dateKey(at), kind: "birthday", title: `${ownerName}'s birthday`, at };
}

export function groupByDay(events: readonly ActivityEvent[]): Map<string, ActivityEvent[]> {
  const days = new Map<string, ActivityEvent[]>();
  for (const event of events) {
    const list = days.get(event.key) ?? [];
    list.push(event);
    days.set(event.key, list);
  }
  return days;
}

/** The same day `delta` months away, clamped to the end of a shorter month (31 Jan + 1 month: 28/29 Feb). */
export function sameDayInMonth(date: Date, delta: number): Date {
  const target = new Date(date.getFullYear(), date.getMonth() + delta, 1);
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  return new Date(target.getFullYear(), target.getMonth(), Math.min(date.getDate(), lastDay));
}

/**
 * Where a key press moves the focused day in the month grid (the WAI-ARIA date grid keys): arrows by a
 * day or a week, Home/End to the start/end of the week (Monday first), Page Up/Down by a month, with
 * Shift by a year. `null` for any other key.
 */
export function dayAfterKey(date: Date, key: string, shiftKey = false): Date | null {
  const byDays = (days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
  const weekday = (date.getDay() + 6) % 7; // Monday = 0
  switch (key) {
    case "ArrowLeft":
      return byDays(-1);
    case "ArrowRight":
      return byDays(1);
    case "ArrowUp":
      return byDays(-7);
    case "ArrowDown":
      return byDays(7);
    case "Home":
      return byDays(-weekday);
    case "End":
      return byDays(6 - weekday);
    case "PageUp":
      return sameDayInMonth(date, shiftKey ? -12 : -1);
    case "PageDown":
      return sameDayInMonth(date, shiftKey ? 12 : 1);
    default:
      return null;
  }
}

/** Events that fall in the given month (local time). */
export function eventsInMonth(events: readonly ActivityEvent[], year: number, month: number): ActivityEvent[] {
  return events.filter((e) => e.at.getFullYear() === year && e.at.getMonth() === month);
}

/**
 * For a month without activity: the nearest earlier and later months that have some, so the empty
 * state can offer a way there instead of a dead end.
 */
export function nearestActiveMonths(
  events: readonly ActivityEvent[],
  year: number,
  month: number,
): { before?: Date; after?: Date } {
  const index = year * 12 + month;
  let before: Date | undefined;
  let after: Date | undefined;
  for (const event of events) {
    const eventIndex = event.at.getFullYear() * 12 + event.at.getMonth();
    if (eventIndex < index && (!before || event.at > before)) before = event.at;
    if (eventIndex > index && (!after || event.at < after)) after = event.at;
  }
  return { ...(before ? { before } : {}), ...(after ? { after } : {}) };
}

/** A YYYY-MM-DD key back to a local date. */
export function parseDateKey(key: string): Date {
  const [y, m, d] = key.split("-").map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}
