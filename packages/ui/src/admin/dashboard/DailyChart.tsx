/**
 * One chart of daily counts (90 days of activity, or the visitor analytics' range): title, total and peak day above a bar chart drawn in SVG, a tooltip with the
 * date and count under the pointer or the keyboard (arrow keys, Home, End once the chart has focus), and the
 * same days as a table behind 'Show as table'. The SVG is one `role="img"` with a spoken summary; the table is
 * the way to every figure without sight.
 */
import { type KeyboardEvent, type PointerEvent, useId, useMemo, useState } from "react";
import { cx } from "../../components/cx.ts";
import {
  activeIndexOf,
  chartGeometry,
  chartLabel,
  countText,
  type DailyMetric,
  type DayCount,
  type DayFormat,
  dayAfterKey,
  dayAt,
  emptyText,
  METRICS,
  summarize,
  summaryLine,
  tooltipPlace,
} from "./daily-chart.ts";

/** Each metric keeps its colour in both themes (3:1 or more against the card). */
const COLOURS: Record<DailyMetric, { bar: string; active: string }> = {
  signups: { bar: "fill-indigo-500 dark:fill-indigo-400", active: "fill-indigo-800 dark:fill-indigo-200" },
  activations: { bar: "fill-emerald-600 dark:fill-emerald-400", active: "fill-emerald-900 dark:fill-emerald-200" },
  logins: { bar: "fill-sky-600 dark:fill-sky-400", active: "fill-sky-900 dark:fill-sky-200" },
  edits: { bar: "fill-amber-600 dark:fill-amber-400", active: "fill-amber-900 dark:fill-amber-200" },
  visitors: { bar: "fill-teal-600 dark:fill-teal-400", active: "fill-teal-900 dark:fill-teal-200" },
  pageViews: { bar: "fill-violet-600 dark:fill-violet-400", active: "fill-violet-900 dark:fill-violet-200" },
};

const MUTED = "text-xs text-slate-600 tabular-nums dark:text-slate-400";

export function DailyChart({ metric, days, format }: { metric: DailyMetric; days: DayCount[]; format: DayFormat }) {
  const id = useId();
  const summary = useMemo(() => summarize(days), [days]);
  const title = METRICS[metric].title;
  return (
    <section aria-labelledby={`${id}-title`} className="min-w-0" data-testid="daily-chart" data-metric={metric}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <h4 id={`${id}-title`} className="text-sm font-semibold text-slate-900 dark:text-white">
          {title}
        </h4>
        <p className={MUTED} data-testid="chart-summary">
          {summaryLine(summary, format)}
        </p>
      </div>
      {summary.total === 0 ? (
        <p
          className="mt-2 flex h-28 items-center justify-center rounded-xl border border-dashed border-slate-300 px-4 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400"
          data-testid="chart-empty"
        >
          {emptyText(metric, days.length)}
        </p>
      ) : (
        <>
          <Bars metric={metric} days={days} format={format} label={chartLabel(metric, summary, format)} />
          <DayTable metric={metric} days={days} format={format} />
        </>
      )}
    </section>
  );
}

function Bars({
  metric,
  days,
  format,
  label,
}: {
  metric: DailyMetric;
  days: DayCount[];
  format: DayFormat;
  label: string;
}) {
  const tooltipId = useId();
  const hintId = useId();
  const geometry = useMemo(() => chartGeometry(days), [days]);
  // The highlighted day, kept by its date so new figures for another period cannot leave it pointing past the end.
  const [activeDay, setActiveDay] = useState<string | null>(null);
  const active = activeIndexOf(activeDay, days);
  const setActive = (index: number | null) => setActiveDay(index === null ? null : (days[index]?.day ?? null));
  // What the keyboard reached, said once by the live region (the pointer's tooltip is not read out).
  const [spoken, setSpoken] = useState("");
  const last = days.length - 1;
  const first = days[0]?.day;
  const lastDay = days[last]?.day;
  const bar = active === null ? undefined : geometry.bars[active];
  const colours = COLOURS[metric];
  const dayText = (index: number) => {
    const entry = days[index];
    return entry ? `${format.long(entry.day)}: ${countText(entry.count, metric, format)}` : "";
  };

  const point = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width > 0) setActive(dayAt((event.clientX - box.left) / box.width, days.length));
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (event.key === "Escape") {
      setActive(null);
      return;
    }
    const next = dayAfterKey(event.key, active ?? last, days.length);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    setSpoken(dayText(next));
  };

  const place = bar ? tooltipPlace(bar.index, days.length) : undefined;
  return (
    <div className="mt-2 flex gap-2">
      <div aria-hidden="true" className={cx(MUTED, "flex h-24 flex-col justify-between text-right")}>
        <span className="-translate-y-1/2">{format.number(geometry.top)}</span>
        <span className="translate-y-1/2">0</span>
      </div>
      <div className="min-w-0 flex-1">
        <div className="relative">
          <svg
            role="img"
            aria-label={label}
            aria-describedby={bar ? `${hintId} ${tooltipId}` : hintId}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart takes focus so the arrow keys can read its days.
            tabIndex={0}
            viewBox={`0 0 ${geometry.width} ${geometry.height}`}
            preserveAspectRatio="none"
            className="block h-24 w-full touch-pan-y overflow-visible"
            onPointerMove={point}
            onPointerDown={point}
            onPointerLeave={(event) => {
              if (document.activeElement !== event.currentTarget) setActive(null);
            }}
            // A touch's pointerdown may have picked a day in this same event turn: focus keeps it.
            onFocus={() =>
              setActiveDay((current) => (activeIndexOf(current, days) === null ? (lastDay ?? null) : current))
            }
            onBlur={() => setActive(null)}
            onKeyDown={onKeyDown}
            data-testid="chart-svg"
          >
            {bar ? (
              <rect
                x={bar.index * (geometry.width / days.length)}
                y={0}
                width={geometry.width / days.length}
                height={geometry.height}
                className="fill-slate-200 dark:fill-slate-700"
              />
            ) : null}
            {[0, geometry.height / 2].map((y) => (
              <line
                key={y}
                x1={0}
                x2={geometry.width}
                y1={y}
                y2={y}
                vectorEffect="non-scaling-stroke"
                strokeDasharray="3 3"
                className="stroke-slate-200 dark:stroke-slate-700"
              />
            ))}
            <path d={geometry.path} className={colours.bar} />
            {bar && bar.height > 0 ? (
              <rect x={bar.x} y={bar.y} width={bar.width} height={bar.height} className={colours.active} />
            ) : null}
            <line
              x1={0}
              x2={geometry.width}
              y1={geometry.height}
              y2={geometry.height}
              vectorEffect="non-scaling-stroke"
              className="stroke-slate-400 dark:stroke-slate-500"
            />
          </svg>
          {bar && place ? (
            <div
              id={tooltipId}
              role="tooltip"
              data-testid="chart-tooltip"
              className={cx(
                "pointer-events-none absolute bottom-full z-10 mb-2 rounded-lg bg-slate-900 px-2.5 py-1.5 text-xs whitespace-nowrap text-white shadow-lg dark:bg-slate-100 dark:text-slate-900",
                place.align === "center" && "-translate-x-1/2",
                place.align === "end" && "-translate-x-full",
              )}
              style={{ left: `${place.left}%` }}
            >
              <span className="block font-semibold">{format.long(bar.day)}</span>
              <span className="block">{countText(bar.count, metric, format)}</span>
              <span className="block opacity-80">UTC day</span>
            </div>
          ) : null}
          <span id={hintId} className="sr-only">
            The left and right arrow keys read each day; Home and End go to the first and the last.
          </span>
          <span className="sr-only" aria-live="polite">
            {spoken}
          </span>
        </div>
        <div aria-hidden="true" className={cx(MUTED, "mt-1 flex justify-between gap-2")}>
          <span>{first ? format.short(first) : ""}</span>
          <span>{lastDay ? format.short(lastDay) : ""}</span>
        </div>
      </div>
    </div>
  );
}

function DayTable({ metric, days, format }: { metric: DailyMetric; days: DayCount[]; format: DayFormat }) {
  const title = METRICS[metric].title;
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-xs font-medium text-indigo-700 hover:underline dark:text-indigo-300">
        Show as table
      </summary>
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        tabIndex={0}
        aria-label={`${title} per UTC day, as a table`}
        className="mt-2 max-h-60 overflow-y-auto rounded-xl border border-slate-200 dark:border-slate-800"
      >
        <table className="w-full text-xs" data-testid="chart-table">
          <caption className="sr-only">
            {title} per day over the last {days.length} days, oldest first (UTC days)
          </caption>
          <thead className="sticky top-0 bg-slate-50 dark:bg-slate-800">
            <tr className="text-left text-slate-700 dark:text-slate-300">
              <th scope="col" className="px-3 py-1.5 font-medium">
                Day (UTC)
              </th>
              <th scope="col" className="px-3 py-1.5 text-right font-medium">
                {title}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {days.map((entry) => (
              <tr key={entry.day}>
                <th scope="row" className="px-3 py-1 text-left font-normal text-slate-700 dark:text-slate-300">
                  <time dateTime={entry.day}>{format.long(entry.day)}</time>
                </th>
                <td className="px-3 py-1 text-right text-slate-900 tabular-nums dark:text-white">
                  {format.number(entry.count)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}
