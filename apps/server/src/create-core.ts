/** Wires the core services for this process: database, mailer, configuration and clock. */
import { migrateToLatest, openDatabase } from "@portfolio/core/data";
import { type Core, createMailer, DEFAULT_CORE_CONFIG } from "@portfolio/core/services";
import type { ServerConfig } from "./config.ts";

export async function createCore(
  config: ServerConfig,
  log: (line: string) => void,
): Promise<Core & { close: () => Promise<void> }> {
  const { db } = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: config.mailOutboxDir,
    from: config.mailFrom,
    logLinks: !config.production,
    log,
  });
  return {
    db,
    mailer,
    config: { ...DEFAULT_CORE_CONFIG, publicUrl: config.publicUrl, bcryptCost: config.bcryptCost },
    now: () => new Date(),
    close: () => db.destroy(),
  };
}
