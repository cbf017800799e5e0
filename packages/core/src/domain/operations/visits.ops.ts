/**
 * Cookieless visitor counting (docs/design.md section 10): the public site's beacon, and the Dashboard's figures
 * and switch. The beacon answers 204 whatever it decides, so a page learns nothing from it.
 */
import { z } from "zod";
import {
  type AnalyticsAnswer,
  type AnalyticsSettings,
  analyticsQuerySchema,
  analyticsSettingsSchema,
  visitBodySchema,
} from "../visits.ts";
import type { OperationSpec } from "./define.ts";
import * as results from "./results.ts";

const { answer } = results;
const count = z.number().int().min(0);

export const analyticsResult = answer<AnalyticsAnswer>()(
  z.strictObject({
    days: z.array(z.strictObject({ date: z.string(), pageViews: count, visitors: count })),
    pages: z.array(z.strictObject({ path: z.string(), pageViews: count, visitors: count })),
    projects: z.array(
      z.strictObject({ id: z.string(), title: z.string(), views: count, codeClicks: count, demoClicks: count }),
    ),
    referrers: z.array(z.strictObject({ host: z.string(), visitors: count })),
    sources: z.array(z.strictObject({ source: z.string(), visitors: count })),
    devices: z.array(z.strictObject({ device: z.string(), visitors: count })),
    live: z.strictObject({ visitors: count }),
  }),
);

const analyticsSettingsResult = answer<AnalyticsSettings>()(z.strictObject({ countVisitors: z.boolean() }));

export const visitOperations = {
  "visits.record": {
    method: "POST",
    path: "/api/visits",
    summary:
      "One beacon of the public site (a page view, a project's Code or Demo link followed, a widget or the shuffler opened). Always 204 and never a cookie; nothing is counted for Sec-GPC: 1 or DNT: 1, bots, health checks, signed-in staff, past the per-address rate, or while counting is off.",
    description:
      "Answered before anything is written: each instance adds beacons up in memory and writes them every few " +
      "seconds as daily aggregates. A visitor is HMAC-SHA256(salt of the UTC day, address + user agent); the " +
      "salt is deleted the next day and the address is never stored.",
    action: "public",
    status: 204,
    body: visitBodySchema,
    result: results.noContent,
    credentials: ["session"],
    // Nothing is written while answering: the counter's batch is its own unit of work.
    transaction: "own",
  },
  "analytics.get": {
    method: "GET",
    path: "/api/admin/analytics",
    summary:
      "Visitors and page views per UTC day from `from` to `to` (both counted, at most 400 days), top pages, projects with their Code and Demo clicks, referrers, UTM sources, devices, and visitors in the last 5 minutes.",
    action: "analytics.view",
    query: analyticsQuerySchema,
    result: analyticsResult,
  },
  "analytics.settings.get": {
    method: "GET",
    path: "/api/admin/settings/analytics",
    summary: "Whether visitors are counted.",
    action: "analytics.view",
    result: analyticsSettingsResult,
  },
  "analytics.settings.update": {
    method: "PATCH",
    path: "/api/admin/settings/analytics",
    summary: "Turns visitor counting on or off (audited). Owner only.",
    action: "analytics.manage",
    body: analyticsSettingsSchema.strict(),
    result: analyticsSettingsResult,
  },
} as const satisfies Record<string, OperationSpec>;
