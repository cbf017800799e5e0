/**
 * Projects gain a page of their own and pictures:
 *
 * - `projects.slug` (the page's address, unique, backfilled here from each title in creation order with
 *   `-2`, `-3` suffixes), `projects.long_description` (Markdown, "" by default) and `projects.pictures`
 *   (JSON list of {hash, alt, caption, width, height, cover}, "[]" by default).
 * - `project_slugs`: every slug a project ever had, so an old address keeps redirecting to the current one
 *   and no other project takes it while the project is in the trash.
 * - `media` and `media_chunks`: pictures (originals and their AVIF/WebP variants) in the database, keyed by
 *   the original's hash, their bytes cut into chunks of at most 1 MiB so a backup line, a pg row and a
 *   desktop's push stay small.
 *
 * Frozen in time: never import application code here (the slug rule is copied on purpose). Portable: text
 * and integer columns, JSON as text, and the one bytes column through the dialect helper.
 */
import type { Kysely } from "kysely";
import { addBytesColumn } from "../dialect.ts";

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
type AnyDb = Kysely<any>;

const MAX_SLUG = 80;

function slugOf(title: string): string {
  const folded = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const cut = folded.slice(0, MAX_SLUG).replace(/-+$/g, "");
  return cut === "" ? "project" : cut;
}

function withSuffix(base: string, n: number): string {
  if (n === 1) return base;
  const suffix = `-${n}`;
  return `${base.slice(0, MAX_SLUG - suffix.length).replace(/-+$/g, "")}${suffix}`;
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("projects")
    .addColumn("slug", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("projects")
    .addColumn("long_description", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("projects")
    .addColumn("pictures", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();

  await db.schema
    .createTable("project_slugs")
    .addColumn("slug", "text", (c) => c.primaryKey())
    // No foreign key: a trashed project keeps its slugs until the trash is purged.
    .addColumn("project_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("project_slugs_project").on("project_slugs").column("project_id").execute();

  const at = new Date().toISOString();
  const taken = new Set<string>();
  // A trashed project keeps its place too: its row comes back with its slug.
  const trashed: { id: string; data: string }[] = await db
    .selectFrom("trash")
    .select(["id", "data"])
    .where("type", "=", "project")
    .orderBy("deleted_at")
    .orderBy("id")
    .execute();
  const rows: { id: string; title: string }[] = await db
    .selectFrom("projects")
    .select(["id", "title"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const claim = async (id: string, title: string): Promise<string> => {
    const base = slugOf(title);
    let n = 1;
    while (taken.has(withSuffix(base, n))) n++;
    const slug = withSuffix(base, n);
    taken.add(slug);
    await db.insertInto("project_slugs").values({ slug, project_id: id, created_at: at }).execute();
    return slug;
  };
  for (const row of rows) {
    const slug = await claim(row.id, row.title);
    await db.updateTable("projects").set({ slug }).where("id", "=", row.id).execute();
  }
  for (const row of trashed) {
    const data = JSON.parse(row.data) as Record<string, unknown>;
    const slug = await claim(row.id, typeof data.title === "string" ? data.title : "");
    const next = { ...data, slug, long_description: "", pictures: "[]" };
    await db.updateTable("trash").set({ data: JSON.stringify(next) }).where("type", "=", "project").where("id", "=", row.id).execute();
  }
  // Unique through project_slugs' primary key; this index finds a page's project.
  await db.schema.createIndex("projects_slug").on("projects").column("slug").execute();

  await db.schema
    .createTable("media")
    // The original's hash, or `<hash>/<width>.<avif|webp>` for a variant.
    .addColumn("key", "text", (c) => c.primaryKey())
    // The original's hash (lowercase hex SHA-256 of its bytes as stored): what a project's picture names.
    .addColumn("hash", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("chunks", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("media_hash").on("media").column("hash").execute();

  await addBytesColumn(
    db,
    db.schema
      .createTable("media_chunks")
      .addColumn("key", "text", (c) => c.notNull().references("media.key").onDelete("cascade"))
      .addColumn("idx", "integer", (c) => c.notNull()),
    "data",
  )
    .addPrimaryKeyConstraint("media_chunks_pk", ["key", "idx"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("media_chunks").execute();
  await db.schema.dropTable("media").execute();
  await db.schema.dropTable("project_slugs").execute();
  await db.schema.dropIndex("projects_slug").execute();
}
