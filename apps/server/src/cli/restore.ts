/**
 * `portfolio-server restore <file> [--force]` (`pnpm restore <file>`): loads a backup into the database
 * named by DATABASE_URL, SQLite or PostgreSQL, in one transaction, and verifies the row counts. A database
 * that already holds rows is refused unless `force`; a damaged or crafted file is refused with a message
 * that names the line (and table) at fault, and nothing changes. main.ts prints that message alone (no
 * stack) and exits 1.
 */

import type { BackupHeader } from "@portfolio/core/data";
import { openDatabase, restoreBackup } from "@portfolio/core/data";

export interface RunRestoreOptions {
  force?: boolean;
  log?: (line: string) => void;
}

export async function runRestore(
  databaseUrl: string,
  file: string,
  options: RunRestoreOptions = {},
): Promise<BackupHeader> {
  const log = options.log ?? ((line: string) => console.log(line));
  const { db } = openDatabase(databaseUrl, { poolSize: 1 });
  try {
    const header = await restoreBackup(db, file, { force: options.force });
    const rows = Object.values(header.tables).reduce((a, b) => a + b, 0);
    log(
      `Restored ${rows} rows into ${Object.keys(header.tables).length} tables from ${file} (taken on ${header.dialect}, ${header.createdAt}).`,
    );
    return header;
  } finally {
    await db.destroy();
  }
}
