/**
 * The site profile's history and restore, shaped like a project's: every change keeps the whole
 * profile as a version (its sync version, which desktops hold too), and a restore is an edit like any other:
 * in the history, in the chained audit log, pulled by desktops, and a 409 when `baseVersion` is stale.
 */
import { NotFound } from "../domain/errors.ts";
import { historyQuerySchema, profileRestoreBodySchema, type SiteProfileHistoryAnswer } from "../domain/history.ts";
import type { SiteProfile } from "../domain/site-profile.ts";
import { siteProfileSchema } from "../domain/site-profile-schema.ts";
import { profileVersion } from "./change-log.ts";
import type { Actor, Core } from "./context.ts";
import { parseInput } from "./parse-input.ts";
import { assertCan } from "./policy.ts";
import { getSiteProfile, PROFILE_SUBJECT, profileChangedAt, writeSiteProfile } from "./site-profile.service.ts";
import { findVersion, listVersions, restorableVersion } from "./versions.table.ts";

export const PROFILE_VERSION_NOT_FOUND = "That version of the site profile was not found.";

/** `GET /api/admin/settings/profile/history`: newest first, paged like the audit log. */
export async function siteProfileHistory(core: Core, actor: Actor, query: unknown): Promise<SiteProfileHistoryAnswer> {
  assertCan(actor, "settings.history");
  const page = parseInput(historyQuerySchema, query);
  return listVersions<SiteProfile>(core.db, PROFILE_SUBJECT, page, async () => ({
    version: await profileVersion(core.db),
    at: await profileChangedAt(core.db),
    fields: await getSiteProfile(core.db),
  }));
}

/** `POST /api/admin/settings/profile/restore` `{version, baseVersion?}`: that version's profile, as a new version. */
export async function restoreSiteProfile(core: Core, actor: Actor, input: unknown): Promise<SiteProfile> {
  assertCan(actor, "settings.update");
  const { version, baseVersion } = parseInput(profileRestoreBodySchema, input);
  const trx = core.db;
  const kept = await findVersion<unknown>(trx, PROFILE_SUBJECT, version);
  if (kept === undefined) throw new NotFound(PROFILE_VERSION_NOT_FOUND);
  const profile = restorableVersion(siteProfileSchema, kept, "the site profile");
  return writeSiteProfile(core, trx, actor, profile, { version, baseVersion });
}
