/**
 * Writes the server's state into the local tables DIRECTLY, not through the services: these writes are
 * the server's changes arriving, so they must not enter the change log (and the outbox behind it).
 * Fields in `keep` still have a local change waiting in the outbox and are left as they are: the push
 * decides about them.
 */
import { SYNC_FIELDS } from "@portfolio/core/domain";
import { getSiteProfile, setSetting } from "@portfolio/core/services";
import { pickSyncFields } from "@portfolio/core/sync";
import type { LocalDb } from "./outbox.ts";

/** The settings key the core's site-profile service keeps the profile under. */
const PROFILE_SETTING = "site_profile";

type Values = Record<string, unknown>;

/** A project's synced fields as local columns. */
function projectColumns(fields: Values, only: (field: string) => boolean) {
  const columns: {
    title?: string;
    description?: string;
    github?: string | null;
    external_link?: string | null;
    is_archived?: number;
    is_latest?: number;
    tags?: string;
    slug?: string;
    long_description?: string;
    pictures?: string;
  } = {};
  if (only("title")) columns.title = String(fields.title ?? "");
  if (only("description")) columns.description = String(fields.description ?? "");
  if (only("github")) columns.github = (fields.github as string | null | undefined) || null;
  if (only("externalLink")) columns.external_link = (fields.externalLink as string | null | undefined) || null;
  if (only("isArchived")) columns.is_archived = fields.isArchived ? 1 : 0;
  if (only("isLatest")) columns.is_latest = fields.isLatest ? 1 : 0;
  if (only("tags")) columns.tags = JSON.stringify(fields.tags ?? []);
  if (only("slug") && typeof fields.slug === "string") columns.slug = fields.slug;
  if (only("longDescription")) columns.long_description = String(fields.longDescription ?? "");
  if (only("pictures")) columns.pictures = JSON.stringify(fields.pictures ?? []);
  return columns;
}

/** The synced fields of a project or profile as the server sent it (absent links as null). */
export function syncedFields(entity: "project" | "profile", row: object): Values {
  return pickSyncFields(entity, { ...Object.fromEntries(SYNC_FIELDS[entity].map((f) => [f, null])), ...row });
}

/**
 * Puts the server's project into the local table: inserts it when missing, else sets every field not
 * kept. The local version moves on, so an editor open on the old row sees it changed.
 */
export async function writeLocalProject(
  db: LocalDb,
  id: string,
  server: Values & { createdAt?: string; updatedAt?: string },
  keep: ReadonlySet<string> = new Set(),
  now: Date = new Date(),
): Promise<void> {
  const fields = syncedFields("project", server);
  const local = await db.selectFrom("projects").select(["version"]).where("id", "=", id).executeTakeFirst();
  const at = server.updatedAt ?? now.toISOString();
  if (!local) {
    const all = projectColumns(fields, () => true);
    await db
      .insertInto("projects")
      .values({
        id,
        title: all.title ?? "",
        description: all.description ?? "",
        github: all.github ?? null,
        external_link: all.external_link ?? null,
        is_archived: all.is_archived ?? 0,
        is_latest: all.is_latest ?? 0,
        tags: all.tags ?? "[]",
        slug: all.slug ?? "",
        long_description: all.long_description ?? "",
        pictures: all.pictures ?? "[]",
        created_at: server.createdAt ?? at,
        updated_at: at,
        version: 1,
      })
      .execute();
    return;
  }
  const columns = projectColumns(fields, (field) => !keep.has(field));
  await db
    .updateTable("projects")
    .set({ ...columns, ...(keep.size === 0 ? { updated_at: at } : {}), version: local.version + 1 })
    .where("id", "=", id)
    .execute();
}

export async function deleteLocalProject(db: LocalDb, id: string): Promise<void> {
  await db.deleteFrom("projects").where("id", "=", id).execute();
}

/** The profile: the server's fields over the local ones, but for those kept. */
export async function writeLocalProfile(
  db: LocalDb,
  server: Values,
  keep: ReadonlySet<string> = new Set(),
): Promise<void> {
  const local = await getSiteProfile(db);
  const incoming = syncedFields("profile", server);
  const merged: Values = { ...local };
  for (const [field, value] of Object.entries(incoming)) if (!keep.has(field) && value !== null) merged[field] = value;
  await setSetting(db, PROFILE_SETTING, merged);
}

/** The local row's synced fields now (null when it does not exist). */
export async function localFields(
  db: LocalDb,
  entity: "project" | "profile",
  entityId: string,
): Promise<Values | null> {
  if (entity === "profile") return syncedFields("profile", await getSiteProfile(db));
  const row = await db.selectFrom("projects").selectAll().where("id", "=", entityId).executeTakeFirst();
  if (!row) return null;
  return {
    title: row.title,
    description: row.description,
    github: row.github,
    externalLink: row.external_link,
    isArchived: row.is_archived === 1,
    isLatest: row.is_latest === 1,
    tags: JSON.parse(row.tags) as string[],
    slug: row.slug,
    longDescription: row.long_description,
    pictures: JSON.parse(row.pictures) as unknown[],
  };
}
