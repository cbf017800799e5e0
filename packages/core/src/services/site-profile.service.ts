/** The owner's public profile, stored in settings; read by anyone, changed by the owner only. */

import type { Db } from "../data/schema.ts";
import { DEFAULT_SITE_PROFILE, type SiteProfile } from "../domain/site-profile.ts";
import { siteProfileSchema } from "../domain/site-profile-schema.ts";
import { PROFILE_ENTITY_ID } from "../domain/sync.ts";
import { changedSyncFields, nextProfileVersion, recordChange } from "../sync/change-log.ts";
import { changedFields, recordAudit } from "./audit.service.ts";
import type { Actor, Core } from "./context.ts";
import { parseInput } from "./parse-input.ts";
import { assertCan } from "./policy.ts";
import { getSetting, setSetting } from "./settings.service.ts";

const KEY = "site_profile";

export async function getSiteProfile(db: Db): Promise<SiteProfile> {
  return { ...DEFAULT_SITE_PROFILE, ...(await getSetting<Partial<SiteProfile>>(db, KEY)) };
}

export async function updateSiteProfile(core: Core, actor: Actor, input: unknown): Promise<SiteProfile> {
  assertCan(actor, "settings.update");
  const profile = parseInput(siteProfileSchema, input);
  return core.db.transaction().execute(async (trx) => {
    const before = await getSiteProfile(trx);
    await setSetting(trx, KEY, profile);
    await recordChange(trx, {
      entity: "profile",
      entityId: PROFILE_ENTITY_ID,
      fields: changedSyncFields("profile", before, profile),
      version: await nextProfileVersion(trx),
      deleted: false,
      at: core.now(),
    });
    await recordAudit(core, trx, actor, {
      action: "settings.edit",
      targetType: "settings",
      targetId: KEY,
      details: changedFields({ ...before }, { ...profile }),
    });
    return profile;
  });
}
