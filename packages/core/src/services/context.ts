/**
 * What every core service receives: the database, the mailer, configuration and a clock, plus the actor
 * (who is acting) as its own argument. Deny by default: there is no call without an actor.
 */
import type { Kysely } from "kysely";
import type { Database } from "../data/schema.ts";
import type { CatOfTheDayService } from "./cat-of-the-day.service.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { CoreObserver } from "./observer.ts";
import type { VisitCounter } from "./visits/visit-counter.ts";
import type { PlaylistService } from "./youtube/playlist.service.ts";

export interface CoreConfig {
  /** Base for links in e-mails, e.g. http://localhost:3000 */
  publicUrl: string;
  /** bcrypt cost: at least 10 in production; tests lower it. */
  bcryptCost: number;
  sessionTtlMs: number;
  activationTtlMs: number;
  resetTtlMs: number;
  /** How long the link confirming a new e-mail address works: as long as an activation link. */
  emailChangeTtlMs: number;
  /** How long an invitation link works: a week, since the invited person did not ask for it and may be away. */
  invitationTtlMs: number;
  /** A device token unused this long stops working (DEVICE_TOKEN_IDLE_DAYS; sliding, like a session). */
  deviceTokenIdleMs: number;
  /**
   * SYNC_RETENTION_DAYS: the longest a desktop may stay offline. Replay records (`sync_ops`) and change-log
   * entries older than this are pruned; a desktop whose cursor predates them pulls a fresh snapshot.
   */
  syncRetentionMs: number;
  /**
   * AUDIT_KEY (or the key file beside the configuration): keys the audit log's hash chain. It is
   * never stored in the database, so whoever can write the database alone cannot forge a consistent chain.
   */
  auditKey: string;
  /**
   * SECOND_FACTOR_KEY (or the key file made beside the database when it is unset): seals stored authenticator
   * secrets and keys the recovery codes' HMAC. Never stored in the database, so a copy or backup of it alone
   * gives neither away (docs/security.md: the database holder).
   */
  secondFactorKey: string;
  /** TRASH_RETENTION_DAYS: how long a deleted project stays in the trash before it is purged. */
  trashRetentionMs: number;
  /** AUDIT_RETENTION_DAYS: audit entries older than this are deleted by housekeeping; unset keeps them for ever. */
  auditRetentionMs?: number | undefined;
  /** VISITS_RETENTION_DAYS: daily visit aggregates older than this are deleted (unset: 730; 0 keeps them). */
  visitsRetentionDays?: number | undefined;
  /** How a retried write waits for its first attempt still in flight (operations/idempotency.ts); tests shorten it. */
  idempotencyWait?: Partial<IdempotencyWait> | undefined;
}

/**
 * A request that meets its own Idempotency-Key still claimed by a first attempt polls the shared table (the
 * first may run on another instance) until that attempt answers, releases the key or falls silent.
 */
export interface IdempotencyWait {
  /** The longest a retry waits before it is told to try again (409 with Retry-After). */
  waitMs: number;
  /** How often it reads the claim again. */
  pollMs: number;
  /** How often a running first attempt renews its claim, to show it is alive. */
  heartbeatMs: number;
  /** A claim not renewed for this long (watched by the waiting retry's own clock) is abandoned. */
  silenceMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const DEFAULT_CORE_CONFIG: Omit<CoreConfig, "publicUrl" | "auditKey" | "secondFactorKey"> = {
  bcryptCost: 12,
  sessionTtlMs: 30 * DAY_MS,
  activationTtlMs: 48 * 60 * 60 * 1000,
  resetTtlMs: 60 * 60 * 1000,
  emailChangeTtlMs: 48 * 60 * 60 * 1000,
  invitationTtlMs: 7 * DAY_MS,
  deviceTokenIdleMs: 90 * DAY_MS,
  syncRetentionMs: 90 * DAY_MS,
  trashRetentionMs: 30 * DAY_MS,
};

/** Outside services a process may offer (the server does; the desktop app works without them). */
export interface CoreTools {
  playlists?: PlaylistService;
  cats?: CatOfTheDayService;
  /** TWITCH_TOKEN_KEY: encrypts the stored Twitch credential. */
  twitchTokenKey?: string | undefined;
  /**
   * 'Connect Twitch' (docs/security.md, promise 22): the Twitch application's TWITCH_CLIENT_ID (unset: connecting answers 503)
   * and TWITCH_AUTH_BASE_URL, the identity service that authorizes and validates tokens.
   */
  twitch?: { clientId: string | undefined; authBaseUrl: string; fetch?: typeof fetch };
  /** This instance's visit counter (docs/design.md section 10); the desktop app counts no visitors. */
  visits?: VisitCounter;
}

export interface Core {
  db: Kysely<Database>;
  mailer: Mailer;
  config: CoreConfig;
  now: () => Date;
  tools?: CoreTools;
  /** Told of logins refused, sync pushes and pulls (the server's metrics); unset where nothing watches. */
  observe?: CoreObserver;
}

/** A logged-in user as the server sees them on this request (permissions freshly read). */
export interface UserActor {
  kind: "user";
  id: string;
  username: string;
  permissions: string[];
  /** The session the request came with, so "end my other sessions" can spare it. */
  sessionId?: string;
  /** How the caller proved who they are: the browser's session cookie (default) or the desktop's device token. */
  credential?: "session" | "device";
  /** Staff without a second factor while the owner requires one (docs/security.md, promise 30): refused every admin operation. */
  secondFactorMissing?: boolean;
}

export type Actor = UserActor | { kind: "anonymous" } | { kind: "system"; reason: string };

export const ANONYMOUS: Actor = { kind: "anonymous" };

export function actorName(actor: Actor): string {
  if (actor.kind === "user") return actor.username;
  return actor.kind === "system" ? `system (${actor.reason})` : "anonymous";
}
