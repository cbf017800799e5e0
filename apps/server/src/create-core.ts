/** Wires the core services for this process: database, mailer, configuration, clock and outside services. */
import { migrateToLatest, openDatabase } from "@portfolio/core/data";
import { type Core, createMailer, DEFAULT_CORE_CONFIG } from "@portfolio/core/services";
import type { ServerConfig } from "./config.ts";
import { createTools, loadCatFallbacks } from "./create-tools.ts";

export interface ServerCore extends Core {
  /** The cat fallback illustrations, served as static files. */
  catFallbacks: ReadonlyMap<string, Buffer>;
  close: () => Promise<void>;
}

export async function createCore(config: ServerConfig, log: (line: string) => void): Promise<ServerCore> {
  const { db } = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: config.mailOutboxDir,
    from: config.mailFrom,
    logLinks: !config.production,
    log,
  });
  if (!config.twitchTokenKey && config.production) {
    log("TWITCH_TOKEN_KEY is not set: a Twitch authorization will be stored unencrypted in the database.");
  }
  const core: ServerCore = {
    db,
    mailer,
    config: { ...DEFAULT_CORE_CONFIG, publicUrl: config.publicUrl, bcryptCost: config.bcryptCost },
    now: () => new Date(),
    catFallbacks: loadCatFallbacks(config.catApi.fallbackDir, log),
    close: () => db.destroy(),
  };
  core.tools = createTools(core, config, core.catFallbacks);
  return core;
}
