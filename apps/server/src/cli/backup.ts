/**
 * `portfolio-server backup <file>` (`pnpm backup <file>`): a consistent snapshot of the database named by
 * DATABASE_URL, taken while the server runs, as a portable gzip NDJSON file (core data/backup.ts).
 */

import type { BackupWritten } from "@portfolio/core/data";
import { openDatabase, writeBackup } from "@portfolio/core/data";

export async function runBackup(
  databaseUrl: string,
  file: string,
  log: (line: string) => void = (line) => console.log(line),
): Promise<BackupWritten> {
  const { db } = openDatabase(databaseUrl, { poolSize: 1 });
  try {
    const header = await writeBackup(db, file);
    const rows = Object.values(header.tables).reduce((a, b) => a + b, 0);
    log(
      `Backed up ${rows} rows from ${Object.keys(header.tables).length} tables (schema ${header.schemaVersion}) to ${file}.`,
    );
    log(
      `Audit log head: ${header.auditHead ?? "(empty)"} (keep it: pnpm audit:verify --head <it> finds entries cut off later).`,
    );
    return header;
  } finally {
    await db.destroy();
  }
}
