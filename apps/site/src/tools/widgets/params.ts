/** Reading widget settings from the URL: every value checked, out-of-range numbers clamped, defaults otherwise. */
import { isLoopbackHost } from "../common/loopback.ts";

export function readInt(
  params: URLSearchParams,
  name: string,
  { fallback, min, max }: { fallback: number; min: number; max: number },
): number {
  const raw = params.get(name);
  if (raw === null || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** `1`, `true`, `yes`, `on` are true; `0`, `false`, `no`, `off` false; anything else the fallback. */
export function readBool(params: URLSearchParams, name: string, fallback: boolean): boolean {
  const raw = params.get(name)?.trim().toLowerCase();
  if (raw === undefined || raw === "") return fallback;
  if (["1", "true", "yes", "on"].includes(raw)) return true;
  if (["0", "false", "no", "off"].includes(raw)) return false;
  return fallback;
}

/** Trimmed text of at most `maxLength` characters (control characters removed), or the fallback when absent. */
export function readText(params: URLSearchParams, name: string, fallback: string, maxLength = 80): string {
  const raw = params.get(name);
  if (raw === null) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  return Array.from(raw.replace(/[\u0000-\u001f\u007f]/g, "").trim())
    .slice(0, maxLength)
    .join("");
}

export function isDemo(params: URLSearchParams): boolean {
  return readBool(params, "demo", false);
}

/** Sets `name` only when the value differs from the default, so built URLs stay short. */
export function setIfNotDefault(
  params: URLSearchParams,
  name: string,
  value: string | number | boolean,
  fallback: string | number | boolean,
) {
  if (value === fallback) return;
  params.set(name, typeof value === "boolean" ? (value ? "1" : "0") : String(value));
}

/**
 * An http(s) address on this machine, for a provider's base address in tests and benchmarks (a local fake);
 * null for anything else, so a shared link can never point a viewer's browser at a third party.
 */
export function loopbackHttpBase(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (url.username || url.password || !isLoopbackHost(url.hostname)) return null;
    return url.href.replace(/\/+$/, "");
  } catch {
    return null;
  }
}
