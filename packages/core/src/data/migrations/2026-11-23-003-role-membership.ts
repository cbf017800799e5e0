/**
 * Explicit role membership (docs/security.md, promise 21): `users.role_key` names the role a user belongs to, or
 * NULL for custom permissions, so a role edit changes exactly its members instead of every user whose set
 * happens to equal the role's. Existing users are placed once, here: owner with override:owner, else the
 * stored role whose set equals theirs exactly (admin, moderator, user in that order), else NULL.
 *
 * Frozen in time: never import application code here (the default role sets below are copied on purpose),
 * and never edit it once shipped. Portable: a nullable text column and a backfill through Kysely queries.
 */
import type { Kysely } from "kysely";

const OWNER_OVERRIDE = "override:owner";

/** The role sets as shipped on 2026-11-23, for roles not yet stored (roles are seeded after migrations). */
const DEFAULT_SETS: Record<string, string[]> = {
  admin: [
    "website:view",
    "website:admin:view",
    "website:projects:edit",
    "projects:view",
    "projects:create",
    "projects:edit",
    "projects:delete",
    "users:view",
    "users:edit",
    "users:delete",
    "users:permissions",
  ],
  moderator: ["website:view", "website:admin:view", "projects:view", "users:view"],
  user: ["website:view"],
};
const ORDER = ["admin", "moderator", "user"] as const;

function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((p): p is string => typeof p === "string") : [];
  } catch {
    return [];
  }
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((p) => right.has(p));
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("role_key", "text").execute();

  const sets = { ...DEFAULT_SETS };
  const stored = await db.selectFrom("roles").select(["key", "permissions"]).execute();
  for (const role of stored as { key: string; permissions: string }[]) {
    if (role.key in sets) sets[role.key] = parseList(role.permissions);
  }
  const users = (await db.selectFrom("users").select(["id", "permissions"]).execute()) as {
    id: string;
    permissions: string;
  }[];
  for (const user of users) {
    const held = parseList(user.permissions);
    const key = held.includes(OWNER_OVERRIDE)
      ? "owner"
      : (ORDER.find((k) => sameSet(sets[k] ?? [], held)) ?? null);
    if (key !== null) await db.updateTable("users").set({ role_key: key }).where("id", "=", user.id).execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("role_key").execute();
}
