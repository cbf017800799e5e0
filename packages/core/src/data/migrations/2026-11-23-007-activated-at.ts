/**
 * `users.activated_at`: when the account was first activated (by its e-mailed link or by an
 * admin), NULL until then. An inactive user with a date was deactivated, not waiting for activation, so the
 * Dashboard's 'Waiting for activation' lists only accounts never activated.
 *
 * Backfill, once: an active user counts as activated when last updated (the best date known); an inactive
 * one is activated only if the audit log shows an activation (then deactivated since), at its first one.
 *
 * Frozen in time: never import application code here, and never edit it once shipped. Portable: a nullable
 * text column (ISO time) and a backfill through Kysely queries.
 */
import type { Kysely } from "kysely";

const ACTIVATIONS = ["auth.activate", "user.activate"];

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("activated_at", "text").execute();
  const users = (await db.selectFrom("users").select(["id", "is_active", "updated_at"]).execute()) as {
    id: string;
    is_active: number;
    updated_at: string;
  }[];
  const activations = (await db
    .selectFrom("audit_log")
    .select(["target_id", "at"])
    .where("action", "in", ACTIVATIONS)
    .where("target_type", "=", "user")
    .orderBy("seq")
    .execute()) as { target_id: string | null; at: string }[];
  const firstActivation = new Map<string, string>();
  for (const row of activations) {
    if (row.target_id && !firstActivation.has(row.target_id)) firstActivation.set(row.target_id, row.at);
  }
  for (const user of users) {
    const at = firstActivation.get(user.id) ?? (Number(user.is_active) === 1 ? user.updated_at : undefined);
    if (at !== undefined) await db.updateTable("users").set({ activated_at: at }).where("id", "=", user.id).execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("activated_at").execute();
}
