/** The runtime contract of docs/design.md section 2: every environment variable, read and checked once. */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isHttpUrl } from "@portfolio/core/domain/links";
import { MAX_PASSWORD_BYTES } from "@portfolio/core/domain/messages";

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string;
  publicUrl: string;
  owner: { username: string; email: string; password: string | undefined };
  smtpUrl: string | undefined;
  mailOutboxDir: string;
  mailFrom: string;
  corsOrigins: string[];
  bcryptCost: number;
  /** DEVICE_TOKEN_IDLE_DAYS: a desktop's device token unused this many days stops working. */
  deviceTokenIdleDays: number;
  /**
   * SYNC_RETENTION_DAYS: the longest a desktop may stay offline; sync replay records and change-log entries
   * older than this are pruned (a desktop whose cursor is older pulls a fresh snapshot).
   */
  syncRetentionDays: number;
  /** TRASH_RETENTION_DAYS: how long a deleted project stays in the trash before housekeeping purges it. */
  trashRetentionDays: number;
  /** AUDIT_RETENTION_DAYS: audit entries older than this are deleted by housekeeping; unset keeps them for ever. */
  auditRetentionDays: number | undefined;
  /**
   * Visitor counting (docs/design.md section 10): VISITS_RETENTION_DAYS keeps daily aggregates this long (0: for
   * ever), VISITS_FLUSH_MS is how often each instance writes what it added up (a crash loses at most that
   * much), VISITS_PER_ADDRESS_PER_MINUTE how many beacons of one address an instance counts a minute.
   */
  visits: { retentionDays: number; flushMs: number; perAddressPerMinute: number };
  siteDir: string;
  trustProxy: boolean;
  production: boolean;
  /** Playlist shuffler upstream (YouTube Data API v3); no key means the tool answers 503. */
  youtube: { apiKey: string | undefined; baseUrl: string; cacheSeconds: number };
  /** Cat of the day: a TheCatAPI-shaped image API, and the server's own fallback illustrations. */
  catApi: { baseUrl: string; apiKey: string | undefined; fallbackDir: string };
  /** Encrypts the stored Twitch credential when set (AES-256-GCM); unset stores it as plain text. */
  twitchTokenKey: string | undefined;
  /**
   * The second factors' key: SECOND_FACTOR_KEY, or the file SECOND_FACTOR_KEY_FILE (default: second-factor.key
   * beside the SQLite file, or ./data/second-factor.key with PostgreSQL), made with mode 0600 on the first start.
   * Authenticator secrets are always encrypted under it and recovery codes are an HMAC under it.
   */
  secondFactor: { key: string | undefined; file: string };
  /**
   * The audit chain's key: AUDIT_KEY, or the file AUDIT_KEY_FILE (default: audit.key beside the
   * SQLite file, or ./data/audit.key with PostgreSQL), created with mode 0600 on the first start.
   */
  audit: { key: string | undefined; file: string };
  /**
   * 'Connect Twitch' (docs/security.md, promise 22): the Twitch application's client id (unset: connecting answers 503) and
   * Twitch's identity service, which authorizes the owner and validates the token before it is stored.
   */
  twitch: { clientId: string | undefined; authBaseUrl: string };
  /** What an operator sees: `observe/`. */
  observe: ObserveConfig;
  /**
   * SHUTDOWN_DRAIN_MS (http/drain.ts): after SIGTERM, how long the instance keeps serving with its
   * health check at 503 before it stops accepting; longer than the balancer's health-check interval.
   */
  shutdownDrainMs: number;
}

export interface ObserveConfig {
  /** METRICS_TOKEN: `GET /metrics` answers only with this bearer token; unset, there is no /metrics. */
  metricsToken: string | undefined;
  /** LOG_FORMAT: one JSON line per entry, or readable lines for a terminal. */
  logFormat: "json" | "pretty";
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}; got "${raw}".`);
  }
  return value;
}

function httpUrl(env: Env, name: string, fallback: string): string {
  const value = (env[name] || fallback).replace(/\/+$/, "");
  if (!isHttpUrl(value)) {
    throw new Error(`${name} must be an absolute http(s) URL; got "${value}".`);
  }
  return value;
}

/** Beside src/ and dist/ alike: apps/server/resources/cats (shipped in the repo). */
function defaultCatFallbackDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return resolve(here, "../resources/cats");
}

/** Where the site's static export sits relative to this module, in the source tree and in the bundle. */
function defaultSiteDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return resolve(here, "../../site/dist");
}

/**
 * LOG_FORMAT: `json` or `pretty`; unset, pretty on a terminal outside production (what `npm start` shows a
 * newcomer), JSON otherwise (what a log collector reads).
 */
function readObserve(env: Env, production: boolean, terminal: boolean): ObserveConfig {
  const format = env.LOG_FORMAT || (terminal && !production ? "pretty" : "json");
  if (format !== "json" && format !== "pretty") throw new Error(`LOG_FORMAT must be json or pretty; got "${format}".`);
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && !/^[\x21-\x7e]{16,256}$/.test(metricsToken)) {
    throw new Error("METRICS_TOKEN must be 16 to 256 printable characters without spaces (e.g. openssl rand -hex 32).");
  }
  return { metricsToken, logFormat: format };
}

export function readConfig(env: Env = process.env, terminal = process.stdout.isTTY === true): ServerConfig {
  const production = env.NODE_ENV === "production";
  const port = integer(env, "PORT", 3000, 0, 65535);
  const bcryptCost = integer(env, "BCRYPT_COST", 12, 4, 15);
  if (production && bcryptCost < 10) throw new Error("BCRYPT_COST must be at least 10 in production.");
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, "");
  try {
    new URL(publicUrl);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute URL; got "${publicUrl}".`);
  }
  return {
    port,
    host: env.HOST || "127.0.0.1",
    databaseUrl: env.DATABASE_URL || "file:./data/portfolio.db",
    publicUrl,
    owner: {
      username: env.OWNER_USERNAME || "owner",
      email: env.OWNER_EMAIL || "owner@localhost",
      password: ownerPassword(env),
    },
    smtpUrl: env.SMTP_URL || undefined,
    mailOutboxDir: resolve(env.MAIL_OUTBOX_DIR || "./data/outbox"),
    mailFrom: env.MAIL_FROM || `Portfolio <no-reply@${new URL(publicUrl).hostname}>`,
    corsOrigins: (env.CORS_ORIGINS ?? "")
      .split(",")
      .map((o) => o.trim().replace(/\/+$/, ""))
      .filter(Boolean),
    bcryptCost,
    deviceTokenIdleDays: integer(env, "DEVICE_TOKEN_IDLE_DAYS", 90, 1, 3650),
    syncRetentionDays: integer(env, "SYNC_RETENTION_DAYS", 90, 1, 3650),
    trashRetentionDays: integer(env, "TRASH_RETENTION_DAYS", 30, 1, 3650),
    auditRetentionDays: env.AUDIT_RETENTION_DAYS ? integer(env, "AUDIT_RETENTION_DAYS", 0, 1, 36500) : undefined,
    visits: {
      retentionDays: integer(env, "VISITS_RETENTION_DAYS", 730, 0, 36500),
      flushMs: integer(env, "VISITS_FLUSH_MS", 5000, 100, 60_000),
      perAddressPerMinute: integer(env, "VISITS_PER_ADDRESS_PER_MINUTE", 120, 1, 100_000),
    },
    siteDir: resolve(env.SITE_DIR || defaultSiteDir()),
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
    production,
    youtube: {
      apiKey: env.YOUTUBE_API_KEY || undefined,
      baseUrl: httpUrl(env, "YOUTUBE_API_BASE_URL", "https://www.googleapis.com/youtube/v3"),
      cacheSeconds: integer(env, "YOUTUBE_CACHE_SECONDS", 3600, 0, 7 * 24 * 3600),
    },
    catApi: {
      baseUrl: httpUrl(env, "CAT_API_BASE_URL", "https://api.thecatapi.com"),
      apiKey: env.CAT_API_KEY || undefined,
      fallbackDir: defaultCatFallbackDir(),
    },
    twitchTokenKey: twitchTokenKey(env),
    secondFactor: { key: secondFactorKey(env), file: keyFile(env, "SECOND_FACTOR_KEY_FILE", "second-factor.key") },
    audit: { key: env.AUDIT_KEY || undefined, file: keyFile(env, "AUDIT_KEY_FILE", "audit.key") },
    twitch: {
      clientId: env.TWITCH_CLIENT_ID?.trim() || undefined,
      authBaseUrl: httpUrl(env, "TWITCH_AUTH_BASE_URL", "https://id.twitch.tv"),
    },
    observe: readObserve(env, production, terminal),
    shutdownDrainMs: integer(env, "SHUTDOWN_DRAIN_MS", 3000, 0, 60_000),
  };
}

/** Login refuses passwords over bcrypt's 72 bytes, so a longer first-owner password would lock the owner out. */
function ownerPassword(env: Env): string | undefined {
  const password = env.OWNER_PASSWORD || undefined;
  if (password !== undefined && Buffer.byteLength(password, "utf8") > MAX_PASSWORD_BYTES) {
    throw new Error(`OWNER_PASSWORD must be at most ${MAX_PASSWORD_BYTES} bytes long (bcrypt's limit).`);
  }
  return password;
}

/** Beside the configuration: next to the SQLite database file, or in ./data when the database is PostgreSQL. */
function keyFile(env: Env, variable: "AUDIT_KEY_FILE" | "SECOND_FACTOR_KEY_FILE", name: string): string {
  const configured = env[variable];
  if (configured) return resolve(configured);
  const url = env.DATABASE_URL || "file:./data/portfolio.db";
  if (/^postgres(ql)?:\/\//i.test(url) || url.includes(":memory:")) return resolve("./data", name);
  return resolve(dirname(resolve(url.startsWith("file:") ? url.slice("file:".length) : url)), name);
}

function twitchTokenKey(env: Env): string | undefined {
  const key = env.TWITCH_TOKEN_KEY || undefined;
  if (key !== undefined && key.length < 16) {
    throw new Error(
      "TWITCH_TOKEN_KEY must be at least 16 characters long (e.g. the output of: openssl rand -base64 32).",
    );
  }
  return key;
}

function secondFactorKey(env: Env): string | undefined {
  const key = env.SECOND_FACTOR_KEY || undefined;
  if (key !== undefined && key.length < 16) {
    throw new Error(
      "SECOND_FACTOR_KEY must be at least 16 characters long (e.g. the output of: openssl rand -base64 32).",
    );
  }
  return key;
}
