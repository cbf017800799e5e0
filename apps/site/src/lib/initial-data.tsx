/**
 * Build-time data the prerendered HTML was rendered from: a hashed JSON file the page preloads
 * (prerender.mjs, load-initial-data.ts), read once by the client so hydration renders exactly what the
 * server rendered.
 */
import type { Project, SiteProfile } from "@portfolio/core/domain";
import { createContext, type ReactNode, use, useContext } from "react";

export interface InitialData {
  /** The project list as of the build, in the server's order. */
  projects: Project[];
  /** Project ids in the random order the HTML shows them (the default sort). */
  order: string[];
  /** ISO time of the build; the age figure and footer start from it. */
  builtAt: string;
  /** The owner's profile as of the build (PRERENDER_API_URL); absent: the defaults. */
  profile?: SiteProfile;
  /**
   * A site too large to send whole: `projects` is then only the first screenful of the Random
   * order of `seed`, and the rest is paged from `next` as the visitor scrolls. Absent: `projects` is all.
   */
  paging?: InitialPaging;
}

export interface InitialPaging {
  seed: number;
  next: string | null;
  total: number;
  latestId: string | null;
  lastSeen: { _id: string; title: string } | null;
}

export const INITIAL_DATA_ID = "portfolio-data";

/** The projects in the order of `order` (unknown ids skipped, missing projects appended). */
export function inOrder(projects: readonly Project[], order: readonly string[]): Project[] {
  const byId = new Map(projects.map((p) => [p._id, p]));
  const ordered = order.map((id) => byId.get(id)).filter((p): p is Project => p !== undefined);
  const seen = new Set(ordered.map((p) => p._id));
  return [...ordered, ...projects.filter((p) => !seen.has(p._id))];
}

/** A <script type="application/json"> element body that is safe inside HTML. */
export function serializeInitialData(data: InitialData): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The data block's values, each missing or malformed one taken from `defaults` (default-initial-data.ts,
 * its own chunk). Without `defaults`: undefined when one would be needed, so callers fetch them only then.
 */
export function parseInitialData(text: string | null | undefined, defaults: InitialData): InitialData;
export function parseInitialData(text: string | null | undefined): InitialData | undefined;
export function parseInitialData(text: string | null | undefined, defaults?: InitialData): InitialData | undefined {
  const value = readObject(text);
  if (!value) return defaults;
  const projects = Array.isArray(value.projects) ? value.projects : defaults?.projects;
  const builtAt = typeof value.builtAt === "string" ? value.builtAt : defaults?.builtAt;
  if (!projects || builtAt === undefined) return undefined;
  return {
    projects,
    order:
      Array.isArray(value.order) && value.order.every((id) => typeof id === "string")
        ? value.order
        : projects.map((p) => p._id),
    builtAt,
    ...(isSiteProfile(value.profile) ? { profile: value.profile } : {}),
    ...(isInitialPaging(value.paging) ? { paging: value.paging } : {}),
  };
}

/** A light check: the file is the build's own (prerender.mjs); a malformed one is read as a small site's. */
function isInitialPaging(value: unknown): value is InitialPaging {
  const paging = value as Partial<InitialPaging> | null | undefined;
  return Number.isSafeInteger(paging?.seed) && Number.isSafeInteger(paging?.total);
}

/** The block's JSON object, or undefined when it is missing, unreadable or not an object. */
function readObject(text: string | null | undefined): Partial<InitialData> | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as Partial<InitialData>) : undefined;
  } catch {
    return undefined;
  }
}

/** A light shape check (no schema library in the home page's bundle). */
export function isSiteProfile(value: unknown): value is SiteProfile {
  if (typeof value !== "object" || value === null) return false;
  const profile = value as Record<string, unknown>;
  return (
    ["ownerName", "birthDate", "businessEmail", "streamingSiteUrl", "tagline"].every(
      (key) => typeof profile[key] === "string",
    ) &&
    Array.isArray(profile.socialLinks) &&
    profile.socialLinks.every(
      (link: unknown) =>
        typeof link === "object" &&
        link !== null &&
        typeof (link as Record<string, unknown>).name === "string" &&
        typeof (link as Record<string, unknown>).url === "string",
    )
  );
}

/**
 * The data, or, on a page built without it (all but those that show projects), the built-in defaults on their
 * way: such a page hydrates without them, and only a later visit to a page that reads them waits for them.
 */
export type InitialDataValue = InitialData | Promise<InitialData>;

const InitialDataContext = createContext<InitialDataValue | null>(null);

export function InitialDataProvider({ value, children }: { value: InitialDataValue; children: ReactNode }) {
  return <InitialDataContext.Provider value={value}>{children}</InitialDataContext.Provider>;
}

/** Suspends (the nearest Suspense's fallback) while the built-in defaults are still loading. */
export function useInitialData(): InitialData {
  const value = useContext(InitialDataContext);
  if (!value) throw new Error("useInitialData must be used inside <InitialDataProvider>.");
  return value instanceof Promise ? use(value) : value;
}
