/**
 * The cat-of-the-day widget's settings in its URL: `title`, `caption` (title and date on or off), `size`. The
 * picture's addresses and the day's rules are the widget's own (cat-day.ts), so reading settings (every widget
 * page does) does not carry the operation routes table.
 */
import { isDemo, readBool, readInt, readText, setIfNotDefault } from "../params.ts";

export interface CatOptions {
  title: string;
  caption: boolean;
  /** Width of the picture, px. */
  size: number;
  demo: boolean;
}

export const CAT_DEFAULTS: CatOptions = { title: "Cat of the Day", caption: true, size: 360, demo: false };
export const CAT_SIZE = { min: 120, max: 1200 } as const;
export function readCatOptions(params: URLSearchParams): CatOptions {
  return {
    title: readText(params, "title", CAT_DEFAULTS.title),
    caption: readBool(params, "caption", CAT_DEFAULTS.caption),
    size: readInt(params, "size", { fallback: CAT_DEFAULTS.size, ...CAT_SIZE }),
    demo: isDemo(params),
  };
}

export function catOptionsToParams(options: CatOptions): URLSearchParams {
  const params = new URLSearchParams();
  setIfNotDefault(params, "title", options.title, CAT_DEFAULTS.title);
  setIfNotDefault(params, "caption", options.caption, CAT_DEFAULTS.caption);
  setIfNotDefault(params, "size", options.size, CAT_DEFAULTS.size);
  if (options.demo) params.set("demo", "1");
  return params;
}
