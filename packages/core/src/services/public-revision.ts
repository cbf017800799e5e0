/**
 * The revision of everything the public reads answer (the project list in each sort and page, the site
 * profile): the project revision every project write bumps and the profile version every profile write
 * takes, both inside the write's transaction, read in one statement. A cache of those answers, in any
 * instance sharing the database, is stale exactly when this string differs from the one it was built at.
 */
import type { Db } from "../data/schema.ts";
import { REVISION_KEY } from "./projects.table.ts";

/**
 * The setting that counts the profile's versions (change-log.ts bumps it). Declared here, which the public
 * reads' start imports, rather than beside the change log and its sync schemas (docs/performance.md, "Start").
 */
export const PROFILE_VERSION_KEY = "site_profile_version";

export async function publicRevision(db: Db): Promise<string> {
  const rows = await db
    .selectFrom("settings")
    .select(["key", "value"])
    .where("key", "in", [REVISION_KEY, PROFILE_VERSION_KEY])
    .execute();
  const value = (key: string) => rows.find((row) => row.key === key)?.value ?? "0";
  return `${value(REVISION_KEY)}.${value(PROFILE_VERSION_KEY)}`;
}
