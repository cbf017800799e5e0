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

/** Moves a {year, month} by `delta` months. */
export function addMonths(view: { year: number; month: number }, delta: number): { year: number; month: number } {
  const date = new Date(view.year, view.month + delta, 1);
  return { year: date.getFullYear(), month: date.getMonth() };
}
