/** Key/value settings: internal flags (seeded, projects revision) and, later, the owner's public profile. */
import type { Db } from "../data/schema.ts";

export async function getSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
  return row ? (JSON.parse(row.value) as T) : undefined;
}

export async function setSetting(db: Db, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto("settings")
    .values({ key, value: json })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: json }))
    .execute();
}
