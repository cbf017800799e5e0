/** The cat of the day's pictures and days: where the server serves them, when to ask again, the day in words. */
import { catPicturePaths } from "@portfolio/core/domain";
import { ROUTES } from "@portfolio/core/operations/client";

const CAT_PICTURES = catPicturePaths(ROUTES["tools.catOfTheDay"].path);
/** The server's redirect to today's picture: the address a page starts with (see catPictureSrc). */
export const CAT_IMAGE_PATH = CAT_PICTURES.image;
/** Demo mode shows one of the server's own illustrations without asking the cat API. */
export const DEMO_CAT_URL = `${CAT_PICTURES.fallback}/1.svg`;

/**
 * The picture's address for a day's answer: the server's redirect to today's picture, the same address the
 * page starts with, so the first answer neither fetches nor paints the picture again. A later day's answer
 * (after midnight) adds its day, so the browser asks for the new picture.
 */
export function catPictureSrc(firstDay: string, day: string): string {
  return day === firstDay ? CAT_IMAGE_PATH : `${CAT_IMAGE_PATH}?day=${day}`;
}

/** Milliseconds until the next UTC midnight, when the server picks a new cat (plus a little slack). */
export function msUntilNextCat(now: number, slackMs = 5000): number {
  const date = new Date(now);
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
  return midnight - now + slackMs;
}

/** `2026-11-21` as "21 November 2026" (the cat's day is a UTC date). */
export function formatCatDate(day: string, locale = "en-GB"): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !Number.isFinite(ms)) return day;
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    ms,
  );
}
