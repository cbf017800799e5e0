/** The cat-of-the-day widget's answer (`GET /api/cat-of-the-day`) and its pictures' addresses. Browser-safe. */

export interface CatOfTheDay {
  /** The image: the cat API's https URL, or one of the server's own fallback illustrations. */
  url: string;
  /** The day this cat belongs to, `YYYY-MM-DD` in UTC (every instance and viewer agrees on it). */
  date: string;
  source: "api" | "fallback";
}

/**
 * Where the cat's pictures sit, under the path of the `tools.catOfTheDay` call (pass it from the registry or
 * its generated route table; a function, so a bundle that does not use it keeps none of it):
 * - `image`: today's picture itself, a redirect to the day's image, so a page can carry the <img> in its HTML
 *   before any script has asked for the day's answer;
 * - `fallback`: the server's own illustrations (`1.svg`, `2.svg`, ...), shown when the cat API cannot be reached.
 */
export function catPicturePaths(catPath: string): { image: string; fallback: string } {
  return { image: `${catPath}/image`, fallback: `${catPath}/fallback` };
}
