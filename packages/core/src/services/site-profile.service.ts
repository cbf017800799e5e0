/** The owner's public profile, stored in settings; read by anyone, changed by the owner only. */

import type { Db } from "../data/schema.ts";
import { Conflict } from "../domain/errors.ts";
import type { SiteProfile } from "../domain/site-profile.ts";
import { siteProfileSchema } from "../domain/site-profile-schema.ts";
import { PROFILE_ENTITY_ID } from "../domain/sync.ts";
import { changedFields, recordAudit } from "./audit.service.ts";
import { changedSyncFields, nextProfileVersion, recordChange } from "./change-log.ts";
import type { Actor, Core } from "./context.ts";
import { parseInput } from "./parse-input.ts";
import { assertCan } from "./policy.ts";
import { setSetting } from "./settings.service.ts";
import { getSiteProfile, SITE_PROFILE_KEY } from "./site-profile.read.ts";
import { type Subject, versionRows } from "./versions.table.ts";

const KEY = SITE_PROFILE_KEY;

export { getSiteProfile };

export const STALE_PROFILE_MESSAGE = "The site profile was changed elsewhere.";

/** The profile's place in the `versions` table. */
export const PROFILE_SUBJECT: Subject = { subject: "profile", id: KEY };

/**
 * When the profile got its current state, for a version kept from before history: its last change in the
 * change log, or else the site's first start (the built-in profile has been there since).
 */
export async function profileChangedAt(db: Db): Promise<string> {
  const change = await db
    .selectFrom("sync_changes")
    .select("at")
    .where("entity", "=", "profile")
    .where("entity_id", "=", PROFILE_ENTITY_ID)
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
  if (change) return change.at;
  const first = await db.selectFrom("users").select("created_at").orderBy("created_at").limit(1).executeTakeFirst();
  return first?.created_at ?? new Date(0).toISOString();
}

/**
 * Writes the profile inside `trx`: the setting, its sync change (desktops pull it), its version (history)
 * and its chained audit entry. An edit and a restore both come through here, so they are alike.
 */
export async function writeSiteProfile(
  core: Core,
  trx: Db,
  actor: Actor,
  profile: SiteProfile,
  restore?: { version: number; baseVersion?: number | undefined },
): Promise<SiteProfile> {
  const restoredFrom = restore?.version;
  // The version first: its row lock orders two writers, so the second reads what the first wrote, and a
  // stale base is judged against the version this write really follows.
  const version = await nextProfileVersion(trx);
  if (restore?.baseVersion !== undefined && restore.baseVersion !== version - 1) {
    throw new Conflict(STALE_PROFILE_MESSAGE, { current: await getSiteProfile(trx) });
  }
  const before = await getSiteProfile(trx);
  const beforeAt = await profileChangedAt(trx);
  await setSetting(trx, KEY, profile);
  const now = core.now();
  await recordChange(trx, {
    entity: "profile",
    entityId: PROFILE_ENTITY_ID,
    fields: changedSyncFields("profile", before, profile),
    version,
    deleted: false,
    at: now,
  });
  await recordAudit(
    core,
    trx,
    actor,
    {
      action: restoredFrom === undefined ? "settings.edit" : "settings.restore",
      targetType: "settings",
      targetId: KEY,
      details: {
        ...changedFields({ ...before }, { ...profile }),
        ...(restoredFrom === undefined ? {} : { restoredVersion: restoredFrom }),
      },
    },
    versionRows(
      PROFILE_SUBJECT,
      actor,
      restoredFrom === undefined ? "edit" : "restore",
      { version, at: now.toISOString(), fields: profile },
      { version: version - 1, at: beforeAt, fields: before },
    ),
  );
  return profile;
}

export async function updateSiteProfile(core: Core, actor: Actor, input: unknown): Promise<SiteProfile> {
  assertCan(actor, "settings.update");
  const profile = parseInput(siteProfileSchema, input);
  return writeSiteProfile(core, core.db, actor, profile);
}
