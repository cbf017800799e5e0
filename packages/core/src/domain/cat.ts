/** The cat-of-the-day widget's answer (`GET /api/cat-of-the-day`). Browser-safe. */

export interface CatOfTheDay {
  /** The image: the cat API's https URL, or one of the server's own fallback illustrations. */
  url: string;
  /** The day this cat belongs to, `YYYY-MM-DD` in UTC (every instance and viewer agrees on it). */
  date: string;
  source: "api" | "fallback";
}

/**
 * Today's picture itself: the server answers with a redirect to the day's image. A page can then carry the
 * <img> in its HTML, before any script has asked for the day's answer.
 */
export const CAT_IMAGE_PATH = "/api/cat-of-the-day/image";
