/**
 * Daily counters: sign-ups, activations, logins and content edits per UTC day, incremented in the
 * transaction that makes the change, so the dashboard's 90-day charts read at most 360 rows.
 */
import { sql } from "kysely";
import { toCount } from "../data/dialect.ts";
import type { DailyCountsTable, Db } from "../data/schema.ts";
import type { DailySeries } from "../domain/api-types.ts";

export type DailyMetric = DailyCountsTable["metric"];
export const DAILY_METRICS: readonly DailyMetric[] = ["signups", "activations", "logins", "edits"];
export const DAILY_DAYS = 90;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export async function countDaily(db: Db, metric: DailyMetric, at: Date, events = 1): Promise<void> {
  await db
    .insertInto("daily_counts")
    .values({ day: dayOf(at), metric, count: events })
    .onConflict((oc) => oc.columns(["day", "metric"]).doUpdateSet({ count: sql`daily_counts.count + ${events}` }))
    .execute();
}

/** The last `DAILY_DAYS` UTC days up to `now`'s, oldest first, every metric, days without events as 0. */
export async function dailySeries(db: Db, now: Date): Promise<DailySeries> {
  const days: string[] = [];
  for (let i = DAILY_DAYS - 1; i >= 0; i--) days.push(dayOf(new Date(now.getTime() - i * 86_400_000)));
  const rows = await db
    .selectFrom("daily_counts")
    .selectAll()
    .where("day", ">=", days[0] as string)
    .where("day", "<=", days.at(-1) as string)
    .execute();
  const found = new Map(rows.map((r) => [`${r.day}:${r.metric}`, toCount(r.count)]));
  return days.map((day) => ({
    day,
    signups: found.get(`${day}:signups`) ?? 0,
    activations: found.get(`${day}:activations`) ?? 0,
    logins: found.get(`${day}:logins`) ?? 0,
    edits: found.get(`${day}:edits`) ?? 0,
  }));
}
