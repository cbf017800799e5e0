/**
 * A migrated SQLite database file that tests copy instead of migrating their own: every migration on an empty
 * file costs about 50 ms of CPU and a commit per migration, paid by each test that wants a fresh database,
 * while copying the file costs well under a millisecond (docs/testing.md). The PostgreSQL side does the same
 * with `CREATE DATABASE ... TEMPLATE` (postgres-global-setup.ts).
 *
 * One template per test process, made by the same migrateToLatest the server runs, the first time a test asks
 * for one; removed when the process exits.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateToLatest, openDatabase } from "@portfolio/core/data";

let template: Promise<string> | undefined;

async function makeTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "portfolio-template-"));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, "migrated.db");
  const { db } = openDatabase(`file:${path}`);
  try {
    await migrateToLatest(db);
  } finally {
    // Closing the only connection checkpoints the write-ahead log into the file and removes it: the file
    // alone then holds the whole schema.
    await db.destroy();
  }
  return path;
}

/** Writes a migrated, empty SQLite database at `path` (which must not exist yet). */
export async function copyMigratedSqlite(path: string): Promise<void> {
  template ??= makeTemplate().catch((error: unknown) => {
    template = undefined;
    throw error;
  });
  copyFileSync(await template, path);
}
