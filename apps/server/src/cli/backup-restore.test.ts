/** The backup and restore commands over DATABASE_URL: a round trip, and a refusal that names --force. */
import { join } from "node:path";
import { openDatabase } from "@portfolio/core/data";
import { afterEach, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../test/test-database.ts";
import { runBackup } from "./backup.ts";
import { runRestore } from "./restore.ts";

const opened: TestDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

async function seededDatabase(): Promise<TestDatabase> {
  const database = await openTestDatabase();
  opened.push(database);
  const at = "2026-11-23T10:00:00.000Z";
  await database.db
    .insertInto("projects")
    .values(
      Array.from({ length: 14 }, (_, i) => ({
        id: `p${i}`,
        title: `P${i}`,
        description: "",
        github: null,
        external_link: null,
        is_archived: 0,
        is_latest: 0,
        tags: "[]",
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  await database.db.insertInto("settings").values({ key: "seeded", value: "true" }).execute();
  return database;
}

describe("portfolio-server backup / restore", () => {
  it("backs up one database and restores it into an empty one", async () => {
    const source = await seededDatabase();
    const file = join(source.dir, "site.ndjson.gz");
    const lines: string[] = [];
    const header = await runBackup(source.url, file, (line) => lines.push(line));
    expect(lines[0]).toMatch(
      new RegExp(`^Backed up \\d+ rows from \\d+ tables \\(schema ${header.schemaVersion}\\) to ${file}\\.$`),
    );

    const target = await openTestDatabase();
    opened.push(target);
    const restoreLines: string[] = [];
    await runRestore(target.url, file, { log: (line) => restoreLines.push(line) });
    expect(restoreLines[0]).toMatch(/^Restored \d+ rows into \d+ tables from .* \(taken on (sqlite|postgres), .*\)\.$/);
    const check = openDatabase(target.url, { poolSize: 1 });
    expect(await check.db.selectFrom("projects").select("id").execute()).toHaveLength(14);
    await check.db.destroy();
  });

  it("refuses to restore over data without force, and replaces it with force", async () => {
    const source = await seededDatabase();
    const file = join(source.dir, "site.ndjson.gz");
    await runBackup(source.url, file, () => {});
    await expect(runRestore(source.url, file, { log: () => {} })).rejects.toThrow(
      /restore refuses to replace its data without --force\.$/,
    );
    await expect(runRestore(source.url, file, { force: true, log: () => {} })).resolves.toMatchObject({
      tables: { projects: 14 },
    });
  });
});
