/** Wires the core services for this process: database, mailer, configuration, clock and outside services. */
// Each from its own module, not the packages' indexes: a start runs what it imports, and an index imports
// every service and schema (docs/performance.md, "Start").
import { migrateToLatest, openDatabase } from "@portfolio/core/data/database";
import { isPostgresUrl } from "@portfolio/core/data/dialect";
import { startCheckpointer } from "@portfolio/core/data/wal-checkpointer";
import { loadAuditKey } from "@portfolio/core/services/audit-key";
import { sealAuditLogOnce } from "@portfolio/core/services/audit-seal";
import { type Core, DEFAULT_CORE_CONFIG } from "@portfolio/core/services/context";
import { createMailer } from "@portfolio/core/services/mail/mailer";
import { keyOpensStoredSecrets, sealSecondFactorsAtRest } from "@portfolio/core/services/second-factor/seal-at-rest";
import { loadSecondFactorKey } from "@portfolio/core/services/second-factor/second-factor-key";
import { getSiteProfile } from "@portfolio/core/services/site-profile.read";
import { VisitCounter } from "@portfolio/core/services/visits/visit-counter";
import type { ServerConfig } from "./config.ts";
import { createTools, loadCatFallbacks } from "./create-tools.ts";
import { InFlight } from "./http/in-flight.ts";
import { createMetrics, type Metrics } from "./observe/metrics.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ServerCore extends Core {
  /** The cat fallback illustrations, served as static files. */
  catFallbacks: ReadonlyMap<string, Buffer>;
  /** Work that runs after its answer was sent; `close` waits for it. */
  inFlight: InFlight;
  /** The Prometheus metrics, when METRICS_TOKEN lets someone read them. */
  metrics?: Metrics | undefined;
  /** Waits for work after the answers and for queued mail, then closes the database: call it last. */
  close: () => Promise<void>;
}

export interface CreateCoreOptions {
  /** Told of every statement the core sends (the tests' statement budgets), besides the metrics. */
  onQuery?: (durationMs: number, failed: boolean) => void;
}

export async function createCore(
  config: ServerConfig,
  log: (line: string) => void,
  options: CreateCoreOptions = {},
): Promise<ServerCore> {
  // Counted only where someone may read them (METRICS_TOKEN): otherwise the core is watched by nobody.
  const metrics = config.observe.metricsToken
    ? await createMetrics(isPostgresUrl(config.databaseUrl) ? "postgres" : "sqlite")
    : undefined;
  const hooks = [metrics?.onQuery, options.onQuery].filter((hook) => hook !== undefined);
  const onQuery =
    hooks.length === 0
      ? undefined
      : (durationMs: number, failed: boolean) => {
          for (const hook of hooks) hook(durationMs, failed);
        };
  const database = openDatabase(config.databaseUrl, { onQuery });
  const { db } = database;
  await migrateToLatest(db);
  // The log is copied back into the database file off the event loop (wal-checkpointer.ts).
  const checkpointer = database.sqlite && !database.sqlite.memory ? startCheckpointer(database.sqlite) : undefined;
  const auditKey = loadAuditKey(config.audit, log);
  // Entries written before the chain existed (or restored from a backup from before it) are chained at the
  // first start only, as an audited act; afterwards a start chains nothing (audit-seal.ts).
  const seal = await sealAuditLogOnce(db, { config: { auditKey }, now: () => new Date() });
  if (seal.sealed) log(`Sealed the audit chain (${seal.earlier} earlier audit log entries chained).`);
  const secondFactorKey = await secondFactorKeyAtStart(db, config, log);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: config.mailOutboxDir,
    from: config.mailFrom,
    // Mail comes from the site's display name; read when each mail leaves, so it follows the profile.
    displayName: async () => (await getSiteProfile(db)).ownerName,
    siteUrl: () => core.config.publicUrl,
    logLinks: !config.production,
    log,
    observe: metrics?.observer,
  });
  metrics?.watch({ poolUse: database.poolUse, mailQueued: mailer.queued });
  if (!config.twitchTokenKey && config.production) {
    log("TWITCH_TOKEN_KEY is not set: a Twitch authorization will be stored unencrypted in the database.");
  }
  const inFlight = new InFlight();
  const visits = new VisitCounter({
    db,
    now: () => core.now(),
    // Read each time: the configured address may be set after the core (a test's chosen port).
    siteHost: () => new URL(core.config.publicUrl).hostname.toLowerCase().replace(/^www\./, ""),
    flushMs: config.visits.flushMs,
    perAddressPerMinute: config.visits.perAddressPerMinute,
    onError: (error) => log(`Writing visits failed (kept for the next write): ${String(error)}`),
  });
  const core: ServerCore = {
    db,
    mailer,
    config: {
      ...DEFAULT_CORE_CONFIG,
      publicUrl: config.publicUrl,
      bcryptCost: config.bcryptCost,
      deviceTokenIdleMs: config.deviceTokenIdleDays * DAY_MS,
      syncRetentionMs: config.syncRetentionDays * DAY_MS,
      auditKey,
      secondFactorKey,
      trashRetentionMs: config.trashRetentionDays * DAY_MS,
      auditRetentionMs: config.auditRetentionDays === undefined ? undefined : config.auditRetentionDays * DAY_MS,
      visitsRetentionDays: config.visits.retentionDays,
    },
    now: () => new Date(),
    observe: metrics?.observer,
    metrics,
    catFallbacks: loadCatFallbacks(config.catApi.fallbackDir, log),
    inFlight,
    close: async () => {
      await inFlight.settled();
      // The beacons added up since the last write go in before the pool closes.
      await visits.stop().catch((error: unknown) => log(`Could not write the last visits: ${String(error)}`));
      await mailer.drain();
      await checkpointer?.stop();
      await db.destroy();
    },
  };
  core.tools = createTools(core, config, core.catFallbacks);
  core.tools.visits = visits;
  visits.start();
  return core;
}

/**
 * The second factors' key, and everything an earlier version stored in the clear sealed under it before the
 * first request, so a backup taken from now on carries only sealed secrets (docs/security.md: the database
 * holder).
 */
async function secondFactorKeyAtStart(db: ServerCore["db"], config: ServerConfig, log: (line: string) => void) {
  const key = loadSecondFactorKey(config.secondFactor, log);
  const { secrets, recoveryCodes } = await sealSecondFactorsAtRest(db, key);
  if (secrets + recoveryCodes > 0) {
    log(`Sealed ${secrets} authenticator secrets and ${recoveryCodes} recovery codes stored by an earlier version.`);
  }
  if (!(await keyOpensStoredSecrets(db, key))) {
    log(
      "The second factors' key does not open the stored authenticator secrets: it changed since they were sealed, and their codes will be refused. Restore the key they were sealed with.",
    );
  }
  return key;
}
