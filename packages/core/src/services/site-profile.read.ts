/**
 * Reading the owner's public profile, apart from changing it (site-profile.service.ts, which re-exports this):
 * the public read answers from here before a start builds the profile's schemas and audit (docs/performance.md,
 * "Start").
 */
import type { Db } from "../data/schema.ts";
import { DEFAULT_SITE_PROFILE, type SiteProfile } from "../domain/site-profile.ts";
import { getSetting } from "./settings.service.ts";

/** The setting that holds the profile. */
export const SITE_PROFILE_KEY = "site_profile";

export async function getSiteProfile(db: Db): Promise<SiteProfile> {
  return { ...DEFAULT_SITE_PROFILE, ...(await getSetting<Partial<SiteProfile>>(db, SITE_PROFILE_KEY)) };
}
