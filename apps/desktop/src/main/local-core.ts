/**
 * The desktop's own Core: the local SQLite in userData with the same migrations as the server, and no
 * mail (accounts, sign-up and password mail belong to the server; the desktop reaches them through it).
 */
import { dirname, join } from "node:path";
import { migrateToLatest, openDatabase } from "@portfolio/core/data";
import { Unavailable } from "@portfolio/core/domain";
import {
  type Core,
  createMailQueue,
  DEFAULT_CORE_CONFIG,
  loadAuditKey,
  loadSecondFactorKey,
  type Mailer,
  sealAuditLogOnce,
  sealSecondFactorsAtRest,
} from "@portfolio/core/services";
import type { Kysely } from "kysely";
import { type DesktopTables, type LocalDatabase, migrateDesktopTables } from "./sync/local-schema.ts";

export const DATABASE_FILE = "portfolio.db";

export const MAIL_NEEDS_SERVER = "Mail is sent by the server: connect to the server and try again there.";

/** Refuses to send; a queued mail is logged as not sent (by the queue), never silently dropped. */
function noLocalMail(log: (line: string) => void): Mailer {
  const send = async () => {
    throw new Unavailable(MAIL_NEEDS_SERVER);
  };
  return { send, ...createMailQueue(send, log) };
}

export interface LocalCore extends Core {
  dbPath: string;
  /** The raw SQLite handle (pragmas, WAL checkpoints, backups). */
  sqlite: NonNullable<ReturnType<typeof openDatabase>["sqlite"]>;
  /** The same handle, typed with the desktop's own tables too (outbox, sync state). */
  local: Kysely<LocalDatabase>;
  close(): Promise<void>;
}

export async function openLocalCore(options: {
  userDataDir: string;
  now: () => Date;
  log: (line: string) => void;
  bcryptCost?: number;
}): Promise<LocalCore> {
  const dbPath = join(options.userDataDir, DATABASE_FILE);
  const { db, sqlite } = openDatabase(`file:${dbPath}`);
  let auditKey: string;
  let secondFactorKey: string;
  try {
    if (!sqlite) throw new Error("The desktop database must be a SQLite file.");
    // WAL with synchronous=NORMAL: a commit is not fsynced until the next checkpoint. A crash of the app
    // (even SIGKILL) loses nothing committed; a power cut may lose the last commits, each whole (a change
    // and its outbox op are one transaction), never half of one. It keeps a local edit well under 2 ms
    // where an fsync per edit costs 10 ms or more on ordinary disks.
    sqlite.pragma("synchronous = NORMAL");
    await migrateToLatest(db);
    await migrateDesktopTables(db);
    // The local audit log is chained like the server's, with a key of its own beside the local database.
    auditKey = loadAuditKey({ key: undefined, file: join(dirname(dbPath), "audit.key") });
    // Chains entries from before the chain at the first start only (audit-seal.ts).
    await sealAuditLogOnce(db, { config: { auditKey }, now: options.now });
    // Second factors are the server's business, but the same services run here: they get a key of their own
    // beside the local database, and nothing is ever stored in the clear.
    secondFactorKey = loadSecondFactorKey({ key: undefined, file: join(dirname(dbPath), "second-factor.key") });
    await sealSecondFactorsAtRest(db, secondFactorKey);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    db,
    sqlite,
    local: db.withTables<DesktopTables>(),
    dbPath,
    mailer: noLocalMail(options.log),
    // Links in mail are the server's business; this value is never used to send anything.
    config: {
      ...DEFAULT_CORE_CONFIG,
      ...(options.bcryptCost ? { bcryptCost: options.bcryptCost } : {}),
      publicUrl: "http://localhost",
      auditKey,
      secondFactorKey,
    },
    now: options.now,
    close: () => db.destroy(),
  };
}
