/**
 * A restore writes nothing that today's checks would refuse (docs/security.md, "database holder"): a kept
 * version of the site profile or of a role is read back through today's schema, so a version row altered in
 * the database (or let through by a looser schema of the past) is a 409, and nothing changes.
 */

import { createTestCore, type TestCore } from "@portfolio/testing/core/test-core.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_SITE_PROFILE } from "../domain/site-profile.ts";
import { bootstrap } from "./bootstrap.ts";
import type { UserActor } from "./context.ts";
import { listRoles, restoreRoleVersion, updateRolePermissions } from "./roles.service.ts";
import { getSiteProfile, updateSiteProfile } from "./site-profile.service.ts";
import { restoreSiteProfile } from "./site-profile-history.service.ts";

let core: TestCore;
let owner: UserActor;
beforeEach(async () => {
  core = await createTestCore();
  await bootstrap(core, { username: "boss", email: "boss@example.com", password: "boss-password" });
  const row = await core.db.selectFrom("users").select(["id", "permissions"]).executeTakeFirstOrThrow();
  owner = { kind: "user", id: row.id, username: "boss", permissions: JSON.parse(row.permissions) as string[] };
});
afterEach(async () => {
  await core.close();
});

/** Rewrites a kept version's fields the way someone with write access to the database could. */
async function alterVersion(
  subject: "profile" | "role",
  version: number,
  edit: (fields: Record<string, unknown>) => void,
) {
  const row = await core.db
    .selectFrom("versions")
    .select(["subject_id", "fields"])
    .where("subject", "=", subject)
    .where("version", "=", version)
    .executeTakeFirstOrThrow();
  const fields = JSON.parse(row.fields) as Record<string, unknown>;
  edit(fields);
  await core.db
    .updateTable("versions")
    .set({ fields: JSON.stringify(fields) })
    .where("subject", "=", subject)
    .where("subject_id", "=", row.subject_id)
    .where("version", "=", version)
    .execute();
}

const versionCount = async () =>
  Number(
    (
      await core.db
        .selectFrom("versions")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("restoring a site profile version", () => {
  it("refuses a kept version that today's schema refuses, with 409, and changes nothing", async () => {
    await updateSiteProfile(core, owner, { ...DEFAULT_SITE_PROFILE, tagline: "First" });
    await updateSiteProfile(core, owner, { ...DEFAULT_SITE_PROFILE, tagline: "Second" });
    await alterVersion("profile", 1, (fields) => {
      fields.businessEmail = "not an address";
    });
    const before = { profile: await getSiteProfile(core.db), versions: await versionCount() };
    const refused = restoreSiteProfile(core, owner, { version: 1 });
    await expect(refused).rejects.toMatchObject({
      kind: "conflict",
      message:
        "That version of the site profile does not pass today's checks, so it cannot be restored: Business email must be a valid email address.",
    });
    expect({ profile: await getSiteProfile(core.db), versions: await versionCount() }).toEqual(before);
  });
});

describe("restoring a role version", () => {
  it("refuses a kept version that today's schema refuses, with 409, and changes nothing", async () => {
    await updateRolePermissions(core, owner, "moderator", { permissions: ["website:view", "website:admin:view"] });
    const [kept] = await core.db.selectFrom("versions").select("version").where("subject", "=", "role").execute();
    await alterVersion("role", Number(kept?.version), (fields) => {
      fields.permissions = ["website:view", "users:everything"];
    });
    const before = { roles: await listRoles(core, owner), versions: await versionCount() };
    const refused = restoreRoleVersion(core, owner, "moderator", { version: Number(kept?.version) });
    await expect(refused).rejects.toMatchObject({
      kind: "conflict",
      message:
        "That version of the role does not pass today's checks, so it cannot be restored: permissions contains an unknown permission.",
    });
    expect({ roles: await listRoles(core, owner), versions: await versionCount() }).toEqual(before);
  });
});
