/**
 * The Dashboard's activity card: sign-ups, activations, logins and content edits per day over the
 * last 90 days, from the dashboard answer's `daily` series (staff with users:view), so a bot wave or a quiet
 * month shows at a glance. Loading and failure are the card's own, like the Twitch card's.
 */
import type { DashboardStats } from "@portfolio/core/domain";
import { useMemo } from "react";
import { Card, ErrorBlock, LoadingBlock } from "../States.tsx";
import type { LoadState } from "../use-load.ts";
import { DailyChart } from "./DailyChart.tsx";
import { dayFormatter, METRIC_ORDER, metricSeries } from "./daily-chart.ts";

export function DailyCharts({ stats }: { stats: LoadState<DashboardStats> }) {
  // The viewer's locale (the browser's), for dates and numbers; the days themselves stay UTC days.
  const format = useMemo(() => dayFormatter(), []);
  const daily = stats.data?.daily;
  if (stats.data && !daily) return null;
  return (
    <Card
      title="Activity"
      description="Per day over the last 90 days. Days are UTC days, as the server counts them."
      headingLevel={3}
      testId="daily-charts"
    >
      {stats.error && !stats.data ? <ErrorBlock error={stats.error} what="the charts" onRetry={stats.reload} /> : null}
      {!stats.data && !stats.error ? <LoadingBlock label="Loading the charts…" /> : null}
      {daily ? (
        <div className="grid gap-x-8 gap-y-6 md:grid-cols-2">
          {METRIC_ORDER.map((metric) => (
            <DailyChart key={metric} metric={metric} days={metricSeries(daily, metric)} format={format} />
          ))}
        </div>
      ) : null}
    </Card>
  );
}
