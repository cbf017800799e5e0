/** Wires the core services for this process: database, mailer, configuration, clock and outside services. */
import { migrateToLatest, openDatabase } from "@portfolio/core/data";
import { type Core, createMailer, DEFAULT_CORE_CONFIG, getSiteProfile } from "@portfolio/core/services";
import type { ServerConfig } from "./config.ts";
import { createTools, loadCatFallbacks } from "./create-tools.ts";
import { InFlight } from "./http/in-flight.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ServerCore extends Core {
  /** The cat fallback illustrations, served as static files. */
  catFallbacks: ReadonlyMap<string, Buffer>;
  /** Work that runs after its answer was sent; `close` waits for it. */
  inFlight: InFlight;
  /** Waits for work after the answers and for queued mail, then closes the database: call it last. */
  close: () => Promise<void>;
}

export async function createCore(config: ServerConfig, log: (line: string) => void): Promise<ServerCore> {
  const { db } = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: config.mailOutboxDir,
    from: config.mailFrom,
    // Mail comes from the site's display name; read when each mail leaves, so it follows the profile.
    displayName: async () => (await getSiteProfile(db)).ownerName,
    siteUrl: () => core.config.publicUrl,
    logLinks: !config.production,
    log,
  });
  if (!config.twitchTokenKey && config.production) {
    log("TWITCH_TOKEN_KEY is not set: a Twitch authorization will be stored unencrypted in the database.");
  }
  const inFlight = new InFlight();
  const core: ServerCore = {
    db,
    mailer,
    config: {
      ...DEFAULT_CORE_CONFIG,
      publicUrl: config.publicUrl,
      bcryptCost: config.bcryptCost,
      deviceTokenIdleMs: config.deviceTokenIdleDays * DAY_MS,
      syncRetentionMs: config.syncRetentionDays * DAY_MS,
      auditRetentionMs: config.auditRetentionDays === undefined ? undefined : config.auditRetentionDays * DAY_MS,
    },
    now: () => new Date(),
    catFallbacks: loadCatFallbacks(config.catApi.fallbackDir, log),
    inFlight,
    close: async () => {
      await inFlight.settled();
      await mailer.drain();
      await db.destroy();
    },
  };
  core.tools = createTools(core, config, core.catFallbacks);
  return core;
}
