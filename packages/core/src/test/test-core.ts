/** A Core over a temporary SQLite file, with a mailer that keeps mails in memory. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateToLatest, openDatabase } from "../data/database.ts";
import { type Core, DEFAULT_CORE_CONFIG } from "../services/context.ts";
import type { MailMessage } from "../services/mail/mailer.ts";

export interface TestCore extends Core {
  dir: string;
  dbPath: string;
  sent: MailMessage[];
  sqlite: ReturnType<typeof openDatabase>["sqlite"];
  close(): Promise<void>;
}

export async function createTestCore(): Promise<TestCore> {
  const dir = mkdtempSync(join(tmpdir(), "portfolio-core-"));
  const dbPath = join(dir, "core.db");
  const { db, sqlite } = openDatabase(`file:${dbPath}`);
  await migrateToLatest(db);
  const sent: MailMessage[] = [];
  return {
    db,
    sqlite,
    dir,
    dbPath,
    sent,
    mailer: {
      async send(message) {
        sent.push(message);
      },
    },
    config: { ...DEFAULT_CORE_CONFIG, bcryptCost: 4, publicUrl: "http://localhost:3000" },
    now: () => new Date(),
    async close() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
