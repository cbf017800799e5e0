/**
 * The Dashboard's visitor figures (`GET /api/admin/analytics`) read from the daily aggregates: one row per
 * day and key, so a year costs a few hundred rows whatever the traffic. A range's `visitors` of a page,
 * referrer, source or device is the sum of its daily unique visitors: no visitor is followed across days
 * (docs/design.md section 10).
 */
import { sql } from "kysely";
import { toCount } from "../../data/dialect.ts";
import type { Db, VisitScope } from "../../data/schema.ts";
import type { AnalyticsAnswer, AnalyticsSettings } from "../../domain/visits.ts";
import type { Actor, Core } from "../context.ts";
import { assertCan } from "../policy.ts";
import { getSetting } from "../settings.service.ts";
import { COUNT_VISITORS_SETTING, LIVE_WINDOW_MS } from "./visit-counter.ts";

/** Rows in each top list. */
export const TOP_ROWS = 20;

export async function analytics(core: Core, actor: Actor, from: string, to: string): Promise<AnalyticsAnswer> {
  assertCan(actor, "analytics.view");
  const { db } = core;
  const site = await db
    .selectFrom("visit_counts")
    .select(["day", "views", "visitors"])
    .where("scope", "=", "site")
    .where("day", ">=", from)
    .where("day", "<=", to)
    .execute();
  const byDay = new Map(site.map((r) => [r.day, r]));
  const days: AnalyticsAnswer["days"] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); ; at += 86_400_000) {
    const date = new Date(at).toISOString().slice(0, 10);
    if (date > to) break;
    const row = byDay.get(date);
    days.push({ date, pageViews: toCount(row?.views), visitors: toCount(row?.visitors) });
  }
  const pages = (await top(db, "page", from, to, "views")).map((r) => ({
    path: r.key,
    pageViews: r.views,
    visitors: r.visitors,
  }));
  const visitorsOf = async (scope: VisitScope) => top(db, scope, from, to, "visitors");
  const referrers = (await visitorsOf("referrer")).map((r) => ({ host: r.key, visitors: r.visitors }));
  const sources = (await visitorsOf("source")).map((r) => ({ source: r.key, visitors: r.visitors }));
  const devices = (await visitorsOf("device")).map((r) => ({ device: r.key, visitors: r.visitors }));
  const since = new Date(core.now().getTime() - LIVE_WINDOW_MS).toISOString();
  const live = await db
    .selectFrom("visit_live")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("seen_at", ">=", since)
    .executeTakeFirst();
  return {
    days,
    pages,
    projects: await topProjects(db, from, to),
    referrers,
    sources,
    devices,
    live: { visitors: toCount(live?.n as string | number | undefined) },
  };
}

interface TopRow {
  key: string;
  views: number;
  visitors: number;
  codeClicks: number;
  demoClicks: number;
}

async function top(
  db: Db,
  scope: VisitScope,
  from: string,
  to: string,
  by: "views" | "visitors" | "clicks",
): Promise<TopRow[]> {
  const order =
    by === "clicks"
      ? sql`sum(views) + sum(code_clicks) + sum(demo_clicks)`
      : by === "views"
        ? sql`sum(views)`
        : sql`sum(visitors)`;
  const rows = await db
    .selectFrom("visit_counts")
    .select([
      "key",
      sql<string | number>`sum(views)`.as("views"),
      sql<string | number>`sum(visitors)`.as("visitors"),
      sql<string | number>`sum(code_clicks)`.as("code_clicks"),
      sql<string | number>`sum(demo_clicks)`.as("demo_clicks"),
    ])
    .where("scope", "=", scope)
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy("key")
    .orderBy(order, "desc")
    .orderBy("key")
    .limit(TOP_ROWS)
    .execute();
  return rows.map((r) => ({
    key: r.key,
    views: toCount(r.views),
    visitors: toCount(r.visitors),
    codeClicks: toCount(r.code_clicks),
    demoClicks: toCount(r.demo_clicks),
  }));
}

async function topProjects(db: Db, from: string, to: string): Promise<AnalyticsAnswer["projects"]> {
  const rows = await top(db, "project", from, to, "clicks");
  if (rows.length === 0) return [];
  const titles = new Map(
    (
      await db
        .selectFrom("projects")
        .select(["id", "title"])
        .where(
          "id",
          "in",
          rows.map((r) => r.key),
        )
        .execute()
    ).map((p) => [p.id, p.title]),
  );
  return rows.map((r) => ({
    id: r.key,
    // A project deleted since it was counted keeps its counts under its id.
    title: titles.get(r.key) ?? "(deleted project)",
    views: r.views,
    codeClicks: r.codeClicks,
    demoClicks: r.demoClicks,
  }));
}

export async function analyticsSettings(core: Core, actor: Actor): Promise<AnalyticsSettings> {
  assertCan(actor, "analytics.view");
  return { countVisitors: (await getSetting<boolean>(core.db, COUNT_VISITORS_SETTING)) ?? true };
}
