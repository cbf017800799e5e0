/**
 * Pictures nothing names any more are removed (docs/design.md §4): a picture taken off a project stays
 * while any version in the project's history (restorable) or a trashed project names it; the trash's purge
 * and housekeeping then remove each original, with its variants, that no project, kept version or trashed
 * project names.
 */
import type { Db } from "../data/schema.ts";
import { deletePictureMedia } from "./media.table.ts";

/** Whether any project, kept version or trashed project names `hash` (a 64-hex hash is found only as itself). */
async function isNamed(db: Db, hash: string): Promise<boolean> {
  const pattern = `%${hash}%`;
  const inProjects = await db
    .selectFrom("projects")
    .select("id")
    .where("pictures", "like", pattern)
    .limit(1)
    .executeTakeFirst();
  if (inProjects) return true;
  const inVersions = await db
    .selectFrom("project_versions")
    .select("project_id")
    .where("fields", "like", pattern)
    .limit(1)
    .executeTakeFirst();
  if (inVersions) return true;
  const inTrash = await db.selectFrom("trash").select("id").where("data", "like", pattern).limit(1).executeTakeFirst();
  return inTrash !== undefined;
}

/** Removes every stored picture (original and variants) that nothing names; returns how many. */
export async function removeUnusedPictures(db: Db): Promise<number> {
  const originals = await db.selectFrom("media").select("hash").whereRef("key", "=", "hash").execute();
  let removed = 0;
  for (const { hash } of originals) {
    if (await isNamed(db, hash)) continue;
    await deletePictureMedia(db, hash);
    removed++;
  }
  return removed;
}
