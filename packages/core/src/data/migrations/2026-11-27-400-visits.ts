/**
 * Cookieless visitor counting (docs/design.md section 10):
 * - `visit_salts`: one random salt per UTC day, shared by every instance, deleted once its day is over;
 * - `visit_counts`: daily aggregates per scope (site, page, referrer, source, device, project) and key,
 *   added to with increments so instances never overwrite each other;
 * - `visit_visitors`: the day's visitor hashes per scope and key, so a visitor is counted once a day across
 *   instances (insert-or-ignore); deleted with the day's salt;
 * - `visit_live`: when each of today's visitor hashes was last seen, for 'visitors in the last 5 minutes';
 * and grants the new `analytics:view` permission to the stored admin role and its members.
 *
 * Frozen in time: never import application code here, and never edit it once shipped. Portable: text and
 * integer columns, composite primary keys, and the grant through plain Kysely queries.
 */
import type { Kysely } from "kysely";

const PERMISSION = "analytics:view";

function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((p): p is string => typeof p === "string") : [];
  } catch {
    return [];
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("visit_salts")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("salt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("visit_counts")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("visitors", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("code_clicks", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("demo_clicks", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("visit_counts_pkey", ["day", "scope", "key"])
    .execute();
  await db.schema.createIndex("visit_counts_scope_day").on("visit_counts").columns(["scope", "day"]).execute();
  await db.schema
    .createTable("visit_visitors")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("visitor", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("visit_visitors_pkey", ["day", "scope", "key", "visitor"])
    .execute();
  await db.schema
    .createTable("visit_live")
    .addColumn("visitor", "text", (c) => c.primaryKey())
    .addColumn("seen_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("visit_live_seen_at").on("visit_live").column("seen_at").execute();

  const admin = (await db.selectFrom("roles").select("permissions").where("key", "=", "admin").executeTakeFirst()) as
    | { permissions: string }
    | undefined;
  if (admin) {
    const held = parseList(admin.permissions);
    if (!held.includes(PERMISSION))
      await db
        .updateTable("roles")
        .set({ permissions: JSON.stringify([...held, PERMISSION]) })
        .where("key", "=", "admin")
        .execute();
  }
  const members = (await db.selectFrom("users").select(["id", "permissions"]).where("role_key", "=", "admin").execute()) as {
    id: string;
    permissions: string;
  }[];
  for (const member of members) {
    const held = parseList(member.permissions);
    if (held.includes(PERMISSION)) continue;
    await db
      .updateTable("users")
      .set({ permissions: JSON.stringify([...held, PERMISSION]) })
      .where("id", "=", member.id)
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("visit_live").execute();
  await db.schema.dropTable("visit_visitors").execute();
  await db.schema.dropTable("visit_counts").execute();
  await db.schema.dropTable("visit_salts").execute();
}
