/**
 * The four default roles, written where missing at every start (seed-once.ts), apart from the roles' service
 * (roles.service.ts, which re-exports this): a start seeds them before it listens without building the
 * roles' schemas, audit and sessions (docs/performance.md, "Start").
 */
import type { Db } from "../data/schema.ts";
import { DEFAULT_ROLES, ROLE_KEYS } from "../domain/roles.ts";

/** Inserts the four default roles where missing (first start). */
export async function seedRoles(db: Db, now: Date): Promise<void> {
  for (const key of ROLE_KEYS) {
    const role = DEFAULT_ROLES[key];
    await db
      .insertInto("roles")
      .values({
        key,
        name: role.name,
        description: role.description,
        permissions: JSON.stringify(role.permissions),
        color: role.color,
        updated_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
  }
}
