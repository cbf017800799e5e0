/**
 * `users.deactivated_at` (docs/security.md, promise 33): when staff deactivated the account, NULL otherwise. A
 * deactivation is a state of its own, apart from 'never activated': no e-mailed link brings such an account
 * back, only staff allowed to reactivate it (which clears the date).
 *
 * Backfill, once: an inactive account that was activated before (it has `activated_at`) was deactivated,
 * at its last deactivation found in the audit log, else when it was last updated (the best date known).
 *
 * Frozen in time: never import application code here, and never edit it once shipped. Portable: a nullable
 * text column (ISO time) and a backfill through Kysely queries.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("deactivated_at", "text").execute();
  const users = (await db
    .selectFrom("users")
    .select(["id", "is_active", "activated_at", "updated_at"])
    .where("activated_at", "is not", null)
    .execute()) as { id: string; is_active: number; updated_at: string }[];
  const deactivations = (await db
    .selectFrom("audit_log")
    .select(["target_id", "at"])
    .where("action", "=", "user.deactivate")
    .where("target_type", "=", "user")
    .orderBy("seq")
    .execute()) as { target_id: string | null; at: string }[];
  const lastDeactivation = new Map<string, string>();
  for (const row of deactivations) if (row.target_id) lastDeactivation.set(row.target_id, row.at);
  for (const user of users) {
    if (Number(user.is_active) === 1) continue;
    const at = lastDeactivation.get(user.id) ?? user.updated_at;
    await db.updateTable("users").set({ deactivated_at: at }).where("id", "=", user.id).execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("deactivated_at").execute();
}
