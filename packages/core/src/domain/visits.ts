/**
 * Cookieless visitor counting (docs/design.md §10): what a beacon may say, how its facts are read (device
 * class, referrer host, UTM source), the analytics query's range and the answer's shape. Browser-safe.
 */
import { z } from "zod";
import { hasControlCharacters } from "./control-characters.ts";

export const VISIT_KINDS = ["view", "code", "demo", "widget", "shuffler"] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];

export const DEVICE_CLASSES = ["desktop", "mobile", "tablet"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** The longest range `GET /api/admin/analytics` answers, in UTC days (both ends counted). */
export const ANALYTICS_MAX_DAYS = 400;

export const VISIT_MESSAGES = {
  path: "path must be a site path starting with /, at most 300 characters.",
  referrer: "referrer must be at most 2000 characters.",
  kind: `kind must be one of ${VISIT_KINDS.join(", ")}.`,
  projectId: "projectId must be a UUID.",
  projectIdNeeded: "projectId is required for code and demo clicks.",
  from: "from must be a UTC day as YYYY-MM-DD.",
  to: "to must be a UTC day as YYYY-MM-DD.",
  order: "from must not be after to.",
  span: `from and to may be at most ${ANALYTICS_MAX_DAYS} days apart (both counted).`,
} as const;

const sitePath = z
  .string({ error: VISIT_MESSAGES.path })
  .max(300, VISIT_MESSAGES.path)
  .refine((value) => value.startsWith("/") && !value.startsWith("//") && !hasControlCharacters(value), {
    message: VISIT_MESSAGES.path,
  });

/** `POST /api/visits`: one beacon. The path may carry the page's query, from which only `utm_source` is kept. */
export const visitBodySchema = z
  .object({
    path: sitePath,
    referrer: z
      .string({ error: VISIT_MESSAGES.referrer })
      .max(2000, VISIT_MESSAGES.referrer)
      .refine((value) => !hasControlCharacters(value), { message: VISIT_MESSAGES.referrer })
      .optional(),
    kind: z.enum(VISIT_KINDS, { error: VISIT_MESSAGES.kind }),
    projectId: z.uuid({ error: VISIT_MESSAGES.projectId }).optional(),
  })
  .refine((visit) => (visit.kind !== "code" && visit.kind !== "demo") || visit.projectId !== undefined, {
    message: VISIT_MESSAGES.projectIdNeeded,
    path: ["projectId"],
  });
export type VisitBody = z.output<typeof visitBodySchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written as YYYY-MM-DD (2026-02-30 is refused). */
export function isUtcDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const day = (message: string) => z.string({ error: message }).refine(isUtcDay, { message });

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`: UTC days, both counted, from not after to, at most 400 of them. */
export const analyticsQuerySchema = z
  .object({ from: day(VISIT_MESSAGES.from), to: day(VISIT_MESSAGES.to) })
  .refine((q) => q.from <= q.to, { message: VISIT_MESSAGES.order, path: ["from"] })
  .refine((q) => daysBetween(q.from, q.to) < ANALYTICS_MAX_DAYS, { message: VISIT_MESSAGES.span, path: ["to"] });

export interface AnalyticsAnswer {
  days: { date: string; pageViews: number; visitors: number }[];
  pages: { path: string; pageViews: number; visitors: number }[];
  projects: { id: string; title: string; views: number; codeClicks: number; demoClicks: number }[];
  referrers: { host: string; visitors: number }[];
  sources: { source: string; visitors: number }[];
  devices: { device: string; visitors: number }[];
  live: { visitors: number };
}

/** Whether visitors are counted at all: the owner's switch in Settings. */
export interface AnalyticsSettings {
  countVisitors: boolean;
}
export const analyticsSettingsSchema = z.object({
  countVisitors: z.boolean({ error: "countVisitors must be true or false." }),
});

/** The device class a user agent names: tablets first (an Android tablet says Android without Mobile). */
export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|(Android(?!.*Mobile))/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return "mobile";
  return "desktop";
}

/** The host of a referrer URL, lower case, without `www.`; null when it is not an http(s) URL. */
export function referrerHost(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.hostname.toLowerCase().replace(/^www\./, "") || null;
  } catch {
    return null;
  }
}

/** The page's path without its query or fragment, and its `utm_source` (lower case, at most 100 characters). */
export function splitVisitPath(path: string): { path: string; source: string | null } {
  const cut = path.search(/[?#]/);
  const bare = cut === -1 ? path : path.slice(0, cut);
  const query = cut === -1 || path[cut] === "#" ? "" : path.slice(cut + 1).split("#")[0];
  const raw = new URLSearchParams(query).get("utm_source") ?? "";
  // Decoding may yield control characters (%00), which no database key should hold.
  const source =
    raw
      .replace(/[\p{Cc}\p{Cs}]/gu, "")
      .trim()
      .toLowerCase()
      .slice(0, 100) || null;
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, "") : bare;
  return { path: trimmed || "/", source };
}

/** Pages a beacon never counts: the admin panel and the API (the beacon module never runs there either). */
export function isCountedPath(path: string): boolean {
  return !/^\/(admin|api)(\/|$)/.test(path);
}
