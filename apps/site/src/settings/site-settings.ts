/**
 * The owner's details: the defaults come from `DEFAULT_SITE_PROFILE` (core), the one place they are written.
 * The owner edits them in the admin panel (Settings tab); the server stores them and the site reads them at
 * runtime (`lib/site-profile.ts`). The prerendered HTML carries these defaults, or the server's profile when
 * the build ran with PRERENDER_API_URL.
 */
import { birthDateOf, DEFAULT_SITE_PROFILE, type SiteProfile } from "@portfolio/core/domain";

export type { SocialLink } from "@portfolio/core/domain";
export { birthDateOf };

export interface SiteSettings extends SiteProfile {
  /** Public address of the site, for canonical links, the sitemap and Open Graph (overridable at build). */
  siteUrl: string;
}

export const SITE_URL = "https://alexmorgan.dev";

export const SITE_SETTINGS: SiteSettings = { ...DEFAULT_SITE_PROFILE, siteUrl: SITE_URL };

/** The settings with a profile from the server (or the build) in place of the defaults. */
export function settingsWith(profile: SiteProfile | undefined): SiteSettings {
  return profile ? { ...SITE_SETTINGS, ...profile, siteUrl: SITE_SETTINGS.siteUrl } : SITE_SETTINGS;
}
