/**
 * The Dashboard's visitor analytics (analytics:view; docs/design.md section 10): visitors and page views per
 * UTC day over 7, 30 or 90 days or 12 months, drawn by the same accessible chart as the activity (spoken
 * summary, keyboard, table view), visitors in the last 5 minutes, top pages, projects with their Code and Demo
 * clicks, referrers, UTM sources and devices, and the daily table as CSV. In the desktop app it is read
 * through the server; offline the card says it needs a connection.
 */
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useApi } from "../../auth/auth-context.tsx";
import { Button } from "../../components/Button.tsx";
import { Card, ErrorBlock, LoadingBlock } from "../States.tsx";
import { useLoad } from "../use-load.ts";
import { ANALYTICS_RANGES, type AnalyticsRange, csvFileName, dailyCsv, rangeDays } from "./analytics-view.ts";
import { DailyChart } from "./DailyChart.tsx";
import { dayFormatter } from "./daily-chart.ts";

export function AnalyticsCard() {
  const api = useApi();
  const [range, setRange] = useState<AnalyticsRange>("30d");
  const days = useMemo(() => rangeDays(range, new Date()), [range]);
  const figures = useLoad(() => api.call("analytics.get", days));
  const format = useMemo(() => dayFormatter(), []);
  // A new period loads once its days are known (the first load is the hook's own).
  const first = useRef(true);
  const { reload } = figures;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the days are what the reload is for (read through the hook's ref).
  useEffect(() => {
    if (first.current) first.current = false;
    else void reload();
  }, [days, reload]);
  const data = figures.data;
  return (
    <Card
      title="Visitors"
      description="Counted without cookies: daily totals only, per UTC day. Staff, bots and browsers asking not to be tracked are not counted."
      headingLevel={3}
      testId="analytics-card"
      actions={
        data ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => download(dailyCsv(data.days), csvFileName(days.from, days.to))}
          >
            Export CSV
          </Button>
        ) : undefined
      }
    >
      <fieldset className="mb-4">
        <legend className="sr-only">Period</legend>
        <div className="flex flex-wrap gap-2">
          {ANALYTICS_RANGES.map((option) => (
            <Button
              key={option.key}
              size="sm"
              variant={option.key === range ? "primary" : "secondary"}
              aria-pressed={option.key === range}
              onClick={() => setRange(option.key)}
            >
              {option.label}
            </Button>
          ))}
        </div>
      </fieldset>
      {figures.error && !data ? (
        <ErrorBlock error={figures.error} what="the visitor figures" onRetry={figures.reload} />
      ) : null}
      {!data && !figures.error ? <LoadingBlock label="Loading the visitor figures…" /> : null}
      {data ? (
        <div className="space-y-6">
          <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="live-visitors">
            <strong className="text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">
              {format.number(data.live.visitors)}
            </strong>{" "}
            {data.live.visitors === 1 ? "visitor" : "visitors"} in the last 5 minutes
          </p>
          <div className="grid gap-x-8 gap-y-6 md:grid-cols-2">
            <DailyChart
              metric="visitors"
              days={data.days.map((d) => ({ day: d.date, count: d.visitors }))}
              format={format}
            />
            <DailyChart
              metric="pageViews"
              days={data.days.map((d) => ({ day: d.date, count: d.pageViews }))}
              format={format}
            />
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <Top
              title="Top pages"
              head={["Page", "Page views", "Visitors"]}
              rows={data.pages.map((p) => [p.path, format.number(p.pageViews), format.number(p.visitors)])}
              empty="No page views in this period."
            />
            <Top
              title="Projects"
              head={["Project", "Views", "Code", "Demo"]}
              rows={data.projects.map((p) => [
                p.title,
                format.number(p.views),
                format.number(p.codeClicks),
                format.number(p.demoClicks),
              ])}
              empty="No project links followed in this period."
            />
            <Top
              title="Referrers"
              head={["Site", "Visitors"]}
              rows={data.referrers.map((r) => [r.host, format.number(r.visitors)])}
              empty="No visits from other sites in this period."
            />
            <Top
              title="Sources (utm_source)"
              head={["Source", "Visitors"]}
              rows={data.sources.map((s) => [s.source, format.number(s.visitors)])}
              empty="No campaign links used in this period."
            />
            <Top
              title="Devices"
              head={["Device", "Visitors"]}
              rows={data.devices.map((d) => [d.device, format.number(d.visitors)])}
              empty="No visitors in this period."
            />
          </div>
        </div>
      ) : null}
    </Card>
  );
}

function Top({ title, head, rows, empty }: { title: string; head: string[]; rows: ReactNode[][]; empty: string }) {
  return (
    <section aria-label={title} className="min-w-0" data-testid="analytics-top">
      <h4 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h4>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-slate-700 dark:text-slate-300">
                {head.map((label, index) => (
                  <th
                    key={label}
                    scope="col"
                    className={index === 0 ? "py-1 pr-3 font-medium" : "py-1 pl-3 text-right font-medium"}
                  >
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {rows.map((cells, row) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are a ranking, redrawn whole.
                <tr key={row}>
                  {cells.map((cell, index) =>
                    index === 0 ? (
                      <th
                        key={head[index]}
                        scope="row"
                        className="max-w-0 truncate py-1 pr-3 text-left font-normal text-slate-800 dark:text-slate-200"
                        title={String(cell)}
                      >
                        {cell}
                      </th>
                    ) : (
                      <td
                        key={head[index]}
                        className="py-1 pl-3 text-right text-slate-900 tabular-nums dark:text-white"
                      >
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
