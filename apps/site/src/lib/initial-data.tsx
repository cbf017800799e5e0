/**
 * Build-time data embedded in the prerendered HTML (a non-executable JSON block, so no CSP exception),
 * read once by the client so hydration renders exactly what the server rendered.
 */
import { FALLBACK_PROJECTS, type Project, type SiteProfile } from "@portfolio/core/domain";
import { createContext, type ReactNode, useContext } from "react";

export interface InitialData {
  /** The project list as of the build, in the server's order. */
  projects: Project[];
  /** Project ids in the random order the HTML shows them (the default sort). */
  order: string[];
  /** ISO time of the build; the age figure and footer start from it. */
  builtAt: string;
  /** The owner's profile as of the build (PRERENDER_API_URL); absent: the defaults. */
  profile?: SiteProfile;
}

export const INITIAL_DATA_ID = "portfolio-data";

export const DEFAULT_INITIAL_DATA: InitialData = {
  projects: [...FALLBACK_PROJECTS],
  order: FALLBACK_PROJECTS.map((p) => p._id),
  builtAt: "2026-01-01T00:00:00.000Z",
};

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

export function parseInitialData(text: string | null | undefined): InitialData {
  if (!text) return DEFAULT_INITIAL_DATA;
  try {
    const value = JSON.parse(text) as Partial<InitialData>;
    const projects = Array.isArray(value.projects) ? value.projects : DEFAULT_INITIAL_DATA.projects;
    return {
      projects,
      order:
        Array.isArray(value.order) && value.order.every((id) => typeof id === "string")
          ? value.order
          : projects.map((p) => p._id),
      builtAt: typeof value.builtAt === "string" ? value.builtAt : DEFAULT_INITIAL_DATA.builtAt,
      ...(isSiteProfile(value.profile) ? { profile: value.profile } : {}),
    };
  } catch {
    return DEFAULT_INITIAL_DATA;
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

const InitialDataContext = createContext<InitialData>(DEFAULT_INITIAL_DATA);

export function InitialDataProvider({ value, children }: { value: InitialData; children: ReactNode }) {
  return <InitialDataContext.Provider value={value}>{children}</InitialDataContext.Provider>;
}

export function useInitialData(): InitialData {
  return useContext(InitialDataContext);
}
