/**
 * Cat of the day: one cat image a day from a cat-image API shaped like TheCatAPI
 * (`GET {base}/v1/images/search` → `[{id, url, width, height}]`, optional `x-api-key`).
 *
 * The day's pick is stored in the settings table under `cat_of_the_day:<YYYY-MM-DD>` (UTC day), written
 * insert-if-absent, so a restart and every instance sharing the database serve the same cat all day. When
 * the API is unreachable the answer is one of the server's own illustrations, chosen by the date (so every
 * instance agrees on it too); it is not stored, and the API is tried again after `retryMs`, so a short outage
 * does not cost the whole day its photo. Once a photo is stored it stays for the rest of the day.
 *
 * Public use case (no actor): it answers the same to everyone and changes nothing a user owns.
 */
import type { Db } from "../data/schema.ts";
import type { CatOfTheDay } from "../domain/cat.ts";
import { Unavailable } from "../domain/errors.ts";
import { isHttpUrl } from "../domain/links.ts";
import { getSetting } from "./settings.service.ts";

export const CAT_API_DEFAULT_BASE_URL = "https://api.thecatapi.com";
export const CAT_SETTING_PREFIX = "cat_of_the_day:";

export interface CatOfTheDayOptions {
  db: Db;
  now: () => Date;
  baseUrl?: string;
  apiKey?: string;
  /** The server's own images, used in turn (by date) when the API fails. */
  fallbackUrls: readonly string[];
  fetch?: typeof fetch;
  /** After a failed API call, serve the fallback this long before trying again. Default 10 minutes. */
  retryMs?: number;
  /** Per request; default 5 s. */
  timeoutMs?: number;
}

interface StoredCat {
  url: string;
  imageId: string | null;
  pickedAt: string;
}

/** The UTC calendar day of a moment, `YYYY-MM-DD`. */
export function catDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Which fallback image a day shows: the days since 1970 modulo the number of images (rotates daily). */
export function fallbackIndex(day: string, count: number): number {
  if (count <= 0) return -1;
  const days = Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
  return ((days % count) + count) % count;
}

/** The first image of a TheCatAPI-shaped answer, or undefined when the answer is not one. */
export function readCatAnswer(body: unknown): { id: string | null; url: string } | undefined {
  const first: unknown = Array.isArray(body) ? body[0] : undefined;
  if (typeof first !== "object" || first === null) return undefined;
  const { id, url } = first as { id?: unknown; url?: unknown };
  if (typeof url !== "string" || url.length > 2048 || !isHttpUrl(url)) return undefined;
  return { id: typeof id === "string" ? id.slice(0, 200) : null, url };
}

export class CatOfTheDayService {
  private memo: CatOfTheDay | undefined;
  private pending: Promise<CatOfTheDay> | undefined;
  private failed: { day: string; at: number } | undefined;
  private readonly base: string;

  constructor(private readonly options: CatOfTheDayOptions) {
    this.base = (options.baseUrl ?? CAT_API_DEFAULT_BASE_URL).replace(/\/+$/, "");
  }

  async today(): Promise<CatOfTheDay> {
    const day = catDay(this.options.now());
    // A photo, once picked, holds for the whole day: no database read per request.
    if (this.memo?.date === day && this.memo.source === "api") return this.memo;
    if (!this.pending) {
      const pending = this.resolve(day).finally(() => {
        if (this.pending === pending) this.pending = undefined;
      });
      this.pending = pending;
    }
    return this.pending;
  }

  private async resolve(day: string): Promise<CatOfTheDay> {
    const key = `${CAT_SETTING_PREFIX}${day}`;
    const stored = await getSetting<StoredCat>(this.options.db, key);
    if (stored) return this.remember({ url: stored.url, date: day, source: "api" });

    const retryMs = this.options.retryMs ?? 10 * 60_000;
    const at = this.options.now().getTime();
    const recentlyFailed = this.failed?.day === day && at - this.failed.at < retryMs;
    if (!recentlyFailed) {
      const picked = await this.fetchCat();
      if (picked) {
        const value: StoredCat = { url: picked.url, imageId: picked.id, pickedAt: new Date(at).toISOString() };
        await this.options.db
          .insertInto("settings")
          .values({ key, value: JSON.stringify(value) })
          .onConflict((oc) => oc.column("key").doNothing())
          .execute();
        // Another instance may have stored its pick first: everyone serves whichever landed.
        const winner = (await getSetting<StoredCat>(this.options.db, key)) ?? value;
        await this.options.db
          .deleteFrom("settings")
          .where("key", "like", `${CAT_SETTING_PREFIX}%`)
          .where("key", "<", key)
          .execute();
        this.failed = undefined;
        return this.remember({ url: winner.url, date: day, source: "api" });
      }
      this.failed = { day, at };
    }
    const index = fallbackIndex(day, this.options.fallbackUrls.length);
    const url = this.options.fallbackUrls[index];
    if (url === undefined) throw new Unavailable("No cat today: the cat image service is unreachable.");
    return this.remember({ url, date: day, source: "fallback" });
  }

  private remember(cat: CatOfTheDay): CatOfTheDay {
    this.memo = cat;
    return cat;
  }

  /** One image from the API, or undefined on any failure (unreachable, timeout, error status, odd body). */
  private async fetchCat(): Promise<{ id: string | null; url: string } | undefined> {
    const url = new URL(`${this.base}/v1/images/search`);
    url.searchParams.set("limit", "1");
    url.searchParams.set("mime_types", "jpg,png");
    url.searchParams.set("size", "med");
    const headers: Record<string, string> = { accept: "application/json" };
    if (this.options.apiKey) headers["x-api-key"] = this.options.apiKey;
    try {
      const res = await (this.options.fetch ?? fetch)(url, {
        headers,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      });
      if (!res.ok) {
        await res.body?.cancel();
        return undefined;
      }
      return readCatAnswer(await res.json());
    } catch {
      return undefined;
    }
  }
}
