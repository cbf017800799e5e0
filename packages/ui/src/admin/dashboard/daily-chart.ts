/**
 * The dashboard's 90-day charts as plain data: what a series adds up to, where its bars go and
 * what a screen reader hears. The component only draws what this returns. Days are the server's UTC days
 * ('2026-11-20'); they are shown in the viewer's locale but never moved to the viewer's time zone, so a day
 * keeps its date wherever it is read.
 */
import type { DailySeries } from "@portfolio/core/domain";

export type DailyMetric = "signups" | "activations" | "logins" | "edits" | "visitors" | "pageViews";

export interface MetricText {
  /** The chart's title. */
  title: string;
  /** What one event is called, then several ('sign-up', 'sign-ups'). */
  one: string;
  many: string;
}

export const METRICS: Readonly<Record<DailyMetric, MetricText>> = {
  signups: { title: "Sign-ups", one: "sign-up", many: "sign-ups" },
  activations: { title: "Activations", one: "activation", many: "activations" },
  logins: { title: "Logins", one: "login", many: "logins" },
  edits: { title: "Content edits", one: "content edit", many: "content edits" },
  visitors: { title: "Visitors", one: "visitor", many: "visitors" },
  pageViews: { title: "Page views", one: "page view", many: "page views" },
};

export const METRIC_ORDER = ["signups", "activations", "logins", "edits"] as const;

export interface DayCount {
  day: string;
  count: number;
}

export interface SeriesSummary {
  total: number;
  /** The busiest day (the latest of equals, since a wave in progress matters most); null when all are 0. */
  peak: DayCount | null;
  first: string | undefined;
  last: string | undefined;
}

/** One activity metric's days, oldest first, as the server sent them. */
export function metricSeries(daily: DailySeries, metric: Exclude<DailyMetric, "visitors" | "pageViews">): DayCount[] {
  return daily.map((entry) => ({ day: entry.day, count: entry[metric] }));
}

export function summarize(days: readonly DayCount[]): SeriesSummary {
  let total = 0;
  let peak: DayCount | null = null;
  for (const entry of days) {
    total += entry.count;
    if (entry.count > 0 && (!peak || entry.count >= peak.count)) peak = entry;
  }
  return { total, peak, first: days[0]?.day, last: days.at(-1)?.day };
}

/**
 * The smallest 'round' number at or above the peak (1, 2, 2.5 is not a count, so 1, 2, 3, 4, 5, 6, 8 and 10
 * times a power of ten): the top of the scale, so the tallest bar reaches close to it and the label reads well.
 */
export function scaleTop(peak: number): number {
  if (peak <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(peak));
  for (const step of [1, 2, 3, 4, 5, 6, 8, 10]) if (step * power >= peak) return step * power;
  return 10 * power;
}

/** The chart's drawing box, in its own units (the SVG stretches it to the card's width). */
export const CHART_BOX = { dayWidth: 10, barWidth: 8, height: 100 } as const;

/** A non-zero day is never drawn thinner than this, so a single sign-up beside a wave of hundreds still shows. */
const MIN_BAR = 1.5;

export interface Bar extends DayCount {
  index: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartGeometry {
  width: number;
  height: number;
  top: number;
  bars: Bar[];
  /** Every non-zero bar in one path (one element instead of 90). */
  path: string;
}

const round = (value: number) => Math.round(value * 100) / 100;

export function chartGeometry(days: readonly DayCount[]): ChartGeometry {
  const { dayWidth, barWidth, height } = CHART_BOX;
  const top = scaleTop(summarize(days).peak?.count ?? 0);
  const bars = days.map((entry, index): Bar => {
    const barHeight = entry.count === 0 ? 0 : round(Math.max(MIN_BAR, (entry.count / top) * height));
    return {
      ...entry,
      index,
      x: index * dayWidth + (dayWidth - barWidth) / 2,
      y: round(height - barHeight),
      width: barWidth,
      height: barHeight,
    };
  });
  const path = bars
    .filter((bar) => bar.height > 0)
    .map((bar) => `M${bar.x} ${height}V${bar.y}h${bar.width}V${height}Z`)
    .join("");
  return { width: days.length * dayWidth, height, top, bars, path };
}

/** The day under a pointer at `fraction` (0 to 1) of the chart's width. */
export function dayAt(fraction: number, dayCount: number): number {
  return Math.min(dayCount - 1, Math.max(0, Math.floor(fraction * dayCount)));
}

const KEY_MOVES: Readonly<Record<string, (from: number, last: number) => number>> = {
  ArrowLeft: (from) => from - 1,
  ArrowRight: (from) => from + 1,
  PageUp: (from) => from - 7,
  PageDown: (from) => from + 7,
  Home: () => 0,
  End: (_from, last) => last,
};

/** The day a key moves the chart's focus to (a day, a week, the ends), or null for a key it does not use. */
export function dayAfterKey(key: string, from: number, dayCount: number): number | null {
  const move = KEY_MOVES[key];
  if (!move) return null;
  const last = dayCount - 1;
  return Math.min(last, Math.max(0, move(from, last)));
}

/**
 * Where the chart's highlighted day sits in `days`, or null when it is not among them. The chart keeps the
 * highlighted day itself, not its position: a new period's figures can arrive while the chart has focus, and
 * the day read out must stay the day shown (or be let go), never a position past the new series' end.
 */
export function activeIndexOf(day: string | null, days: readonly DayCount[]): number | null {
  if (day === null) return null;
  const index = days.findIndex((entry) => entry.day === day);
  return index === -1 ? null : index;
}

/** Where the tooltip sits over day `index`: as a share of the width, and which of its edges it hangs from. */
export function tooltipPlace(index: number, dayCount: number): { left: number; align: "start" | "center" | "end" } {
  const left = ((index + 0.5) / dayCount) * 100;
  return { left, align: left < 20 ? "start" : left > 80 ? "end" : "center" };
}

/** Formats a UTC day in the viewer's locale (or `locale`), without moving it to the viewer's time zone. */
export function dayFormatter(locale?: string) {
  const short = new Intl.DateTimeFormat(locale, { timeZone: "UTC", month: "short", day: "numeric" });
  const long = new Intl.DateTimeFormat(locale, {
    timeZone: "UTC",
    weekday: "short",
    year: "numeric",
    month: "short",
    day: "numeric",
  });
  const number = new Intl.NumberFormat(locale);
  const date = (day: string) => new Date(`${day}T00:00:00Z`);
  return {
    /** 'Nov 20' */
    short: (day: string) => short.format(date(day)),
    /** 'Fri, Nov 20, 2026' */
    long: (day: string) => long.format(date(day)),
    number: (value: number) => number.format(value),
  };
}

export type DayFormat = ReturnType<typeof dayFormatter>;

export function countText(count: number, metric: DailyMetric, format: DayFormat): string {
  const text = METRICS[metric];
  return `${format.number(count)} ${count === 1 ? text.one : text.many}`;
}

/** The visible line under the title: '12 in total · peak 5 on Nov 20'. */
export function summaryLine(summary: SeriesSummary, format: DayFormat): string {
  const total = `${format.number(summary.total)} in total`;
  return summary.peak
    ? `${total} · peak ${format.number(summary.peak.count)} on ${format.short(summary.peak.day)}`
    : total;
}

/** 'No sign-ups in the last 90 days' */
export function emptyText(metric: DailyMetric, days: number): string {
  return `No ${METRICS[metric].many} in the last ${days} days`;
}

/**
 * What the chart says to a screen reader: 'Sign-ups per UTC day, Aug 28 to Nov 25: 12 in total, the most on
 * Fri, Nov 20, 2026 with 5.'
 */
export function chartLabel(metric: DailyMetric, summary: SeriesSummary, format: DayFormat): string {
  const range =
    summary.first && summary.last ? `, ${format.short(summary.first)} to ${format.short(summary.last)}` : "";
  const head = `${METRICS[metric].title} per UTC day${range}: ${format.number(summary.total)} in total`;
  return summary.peak
    ? `${head}, the most on ${format.long(summary.peak.day)} with ${format.number(summary.peak.count)}.`
    : `${head}.`;
}
