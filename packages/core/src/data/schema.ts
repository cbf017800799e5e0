/** Kysely table types. Booleans are 0/1 integers and lists are JSON text so SQLite and PostgreSQL agree. */
import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";

export interface UsersTable {
  id: string;
  username: string;
  /** Lower-cased username: the unique key that makes names case-insensitive on every dialect. */
  username_key: string;
  email: string;
  email_key: string;
  password_hash: string;
  permissions: string;
  /**
   * The role this user is a member of (set on every save: the role whose set equals the saved permissions
   * exactly), or null in custom-permissions mode. A role edit changes exactly its members.
   */
  role_key: string | null;
  is_active: number;
  /** When the account was first activated (link or admin); NULL while it never was. Kept on deactivation. */
  activated_at: string | null;
  /**
   * When staff deactivated the account; NULL otherwise (active, or a sign-up never activated). Set, no
   * e-mailed link or earlier token brings the account back: only staff reactivating it clears it.
   */
  deactivated_at: string | null;
  /**
   * An address staff set, waiting for its owner to open the link mailed to it; `email` stays
   * the address in use until then. NULL when no change is waiting.
   */
  pending_email: string | null;
  /**
   * The address in use before the last confirmed change, and when that change took effect (NULL if none):
   * for a while after it, staff changes to how the account signs in are told to this address too.
   */
  previous_email: string | null;
  email_changed_at: string | null;
  /** When staff invited the account; it stays inactive with no usable password until the invitation is accepted. */
  invited_at: string | null;
  /**
   * The rank the Users tab sorts by (0 owner, 1 admin, 2 moderator, 3 user: `userRank`), kept by every write
   * that changes permissions or role sets, so "rank, then username" comes from an index.
   */
  rank: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  user_agent: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** When the login that made it proved a second factor: minting a device token just after needs no second code. */
  second_factor_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface TokensTable {
  id: string;
  /** `email` confirms a pending address change; `invitation` lets an invited person choose a password. */
  kind: "activation" | "reset" | "email" | "invitation";
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface RolesTable {
  key: string;
  name: string;
  description: string;
  permissions: string;
  color: string;
  updated_at: string;
}

export interface ProjectsTable {
  id: string;
  title: string;
  description: string;
  github: string | null;
  external_link: string | null;
  is_archived: number;
  is_latest: number;
  tags: string;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
  /** A fixed pseudo-random number per project (project-order.ts): what the Random sort orders by, seeded. */
  shuffle_key: Generated<number>;
  /**
   * The page's address; unique through project_slugs (every slug any project had, its primary key), not an
   * index here: a desktop's local table holds what the server sent, whatever order the pulls come in.
   */
  slug: Generated<string>;
  /** Markdown; "" when none. */
  long_description: Generated<string>;
  /** JSON list of ProjectPicture in display order. */
  pictures: Generated<string>;
}

/** Every slug a project ever had: the current one and old ones that redirect (301) to it. */
export interface ProjectSlugsTable {
  slug: string;
  project_id: string;
  created_at: string;
}

/** A stored picture: an original (key = its hash) or a variant (key = `<hash>/<width>.<avif|webp>`). */
export interface MediaTable {
  key: string;
  /** The original's hash: a picture and its variants share it. */
  hash: string;
  content_type: string;
  width: number;
  height: number;
  /** Bytes in all. */
  size: number;
  /** How many media_chunks rows hold the bytes (idx 0 to chunks - 1). */
  chunks: number;
  created_at: string;
  /** On an original: the SHA-256 of the bytes as uploaded, before their metadata was stripped; else null. */
  source_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A picture's bytes, in chunks of at most MEDIA_CHUNK_BYTES (a backup line and a push stay small). */
export interface MediaChunksTable {
  key: string;
  idx: number;
  data: Buffer;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface AuditLogTable {
  seq: Generated<number>;
  id: string;
  at: string;
  actor_id: string | null;
  actor_name: string;
  action: string;
  /** The action's kind ("user" of "user.edit"): the panel's kind filter, through an index. */
  kind: string | null;
  target_type: string;
  target_id: string | null;
  /** JSON: { before?, after?, ... } of the changed fields; never a secret. */
  details: string;
  /** The hash of the entry before it (null for the first); see services/audit-chain.ts. */
  prev_hash: string | null;
  /** HMAC-SHA256 (AUDIT_KEY) over this entry's canonical form and prev_hash; null only before sealing. */
  hash: string | null;
}

/**
 * `head`: the newest entry of the chain (PostgreSQL's writers lock it; SQLite's read the newest entry instead,
 * audit-head.ts); `checkpoint`: the last pruned entry (keyed by `mac`).
 */
export interface AuditChainTable {
  /**
   * head: PostgreSQL's lock row; checkpoint: where pruning stopped; seal: the one-time seal of entries from
   * before the chain; verified: the last head a verification found whole (services/audit-chain-marks.ts).
   */
  name: "head" | "checkpoint" | "seal" | "verified";
  seq: number;
  entry_id: string | null;
  hash: string | null;
  mac: string | null;
}

export interface TwitchAuthorizationsTable {
  id: string;
  /** A credential: encrypted when secret_format is "aes-256-gcm"; never answered or logged. */
  access_token: string | null;
  auth_code: string | null;
  secret_format: "aes-256-gcm" | "plain";
  /** JSON list of scopes. */
  scope: string;
  token_type: string | null;
  client_timestamp: string | null;
  user_agent: string | null;
  referrer: string | null;
  created_at: string;
}

/** A 'Connect Twitch' state (docs/security.md, promise 22): single use, bound to the session that asked, 10 minutes. */
export interface TwitchStatesTable {
  /** SHA-256 of the state; the state itself travels only in the authorize URL and back. */
  state_hash: string;
  session_id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** express-rate-limit counters (apps/server http/rate-limit-store.ts): one row per limiter and client. */
export interface RateLimitsTable {
  limiter: string;
  key: string;
  hits: number;
  /** ISO time at which the current window ends. */
  reset_at: string;
}

/** A desktop app's credential (docs/design.md §3): named, revocable, stored as a SHA-256 hash, never shown again. */
export interface DeviceTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** One row per sync op a push answered: its stored result is the answer to any replay. */
export interface SyncOpsTable {
  op_id: string;
  client_id: string;
  user_id: string;
  status: "applied" | "conflict" | "rejected";
  /** JSON of the op's result. */
  result: string;
  applied_at: string;
}

/** The change log (docs/design.md §5): every project and profile change, behind pull and the conflict check. */
export interface SyncChangesTable {
  seq: Generated<number>;
  entity: string;
  entity_id: string;
  /** JSON object of the changed fields' new values (cleared ones as null); `{}` for a deletion. */
  fields: string;
  version: number;
  deleted: number;
  at: string;
  /** The desktop whose push made the change; NULL for the web. */
  client_id: string | null;
}

/** A creating write sent with an Idempotency-Key: its claim while it runs, then its answer, replayed to a retry. */
export interface IdempotencyKeysTable {
  /** Whose key: `user:<id>` (keys of different callers never meet). */
  scope: string;
  key: string;
  operation: string;
  /** sha256 of the operation and its input: the same key with another request is refused. */
  request_hash: string;
  /** NULL while the first request runs; its HTTP status once answered. */
  status: number | null;
  /** JSON of the answer. */
  result: string | null;
  /** When the claim was made, then renewed by its running request (its heartbeat, and its fence). */
  created_at: string;
}

/** A user's authenticator: the TOTP secret, always sealed (`v1.`) under the second factors' key. */
export interface UserTotpTable {
  user_id: string;
  secret: string;
  confirmed_at: string | null;
  /** The last 30 s step a code was accepted for (replays are refused). */
  last_step: number | null;
  created_at: string;
}

/** One of a user's ten single-use recovery codes, as an HMAC-SHA256 (`h1.`) under the second factors' key. */
export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** A passkey: a WebAuthn credential's public key (base64url) and signature counter. */
export interface PasskeysTable {
  id: string;
  credential_id: string;
  user_id: string;
  name: string;
  public_key: string;
  counter: number;
  /** JSON list of the transports the authenticator named. */
  transports: string;
  created_at: string;
  last_used_at: string | null;
}

/** A short-lived login step: a password waiting for its second factor, or a WebAuthn challenge. */
export interface LoginStepsTable {
  key: string;
  kind: "second-factor" | "passkey-login" | "passkey-register";
  user_id: string | null;
  challenge: string | null;
  failures: Generated<number>;
  expires_at: string;
}

/** A project as it stood after one change. */
export interface ProjectVersionsTable {
  project_id: string;
  version: number;
  at: string;
  actor_id: string | null;
  /** Who made the change; null when unknown (a version from before history was kept). */
  actor_name: string | null;
  /** create | edit | restore | untrash | before-history */
  action: string;
  /** JSON of the project's fields after the change. */
  fields: string;
}

/** The site profile or a role as it stood after one change; projects keep theirs in project_versions. */
export interface VersionsTable {
  /** profile | role */
  subject: string;
  /** Which one: the profile's settings key, or the role's key. */
  subject_id: string;
  version: number;
  at: string;
  actor_id: string | null;
  /** Who made the change; null when unknown (a version from before history was kept). */
  actor_name: string | null;
  /** edit | restore | before-history */
  action: string;
  /** JSON of the whole thing after the change. */
  fields: string;
}

/** A deleted project, kept until `purge_at` (TRASH_RETENTION_DAYS). */
export interface TrashTable {
  type: "project";
  id: string;
  title: string;
  /** JSON: the row as it was deleted. */
  data: string;
  deleted_at: string;
  deleted_by: string;
  purge_at: string;
}

/** How many users hold each (rank, state): the dashboard's counts, kept in the transaction of each change. */
export interface UserCountsTable {
  rank: number;
  state: "active" | "pending" | "deactivated" | "inactive";
  count: number;
}

/** Per UTC day (YYYY-MM-DD) and metric, how many times it happened; incremented in the writing transaction. */
export interface DailyCountsTable {
  day: string;
  metric: "signups" | "activations" | "logins" | "edits";
  count: number;
}

/** Which instance holds a scheduled job until when (one instance runs it at a time, through the database). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: string;
  last_run_at: string | null;
}

/** Audit rows older than `before` may be deleted while a row is here (written by housekeeping only). */
export interface AuditPurgeTable {
  before: string;
}

/** One random salt per UTC day for the visitor hash (docs/design.md section 10); deleted once its day is over. */
export interface VisitSaltsTable {
  day: string;
  salt: string;
}

/** What a visit is counted under: the whole site (key ""), a page, a referrer host, a UTM source, a device class, a project. */
export type VisitScope = "site" | "page" | "referrer" | "source" | "device" | "project";

/** Daily aggregates, added to by increments (several instances add up). */
export interface VisitCountsTable {
  day: string;
  scope: VisitScope;
  key: string;
  views: Generated<number>;
  visitors: Generated<number>;
  code_clicks: Generated<number>;
  demo_clicks: Generated<number>;
}

/** The day's visitor hashes per scope and key: a row inserted is a new visitor there that day. */
export interface VisitVisitorsTable {
  day: string;
  scope: VisitScope;
  key: string;
  visitor: string;
}

/** When each of today's visitor hashes was last seen (visitors in the last 5 minutes). */
export interface VisitLiveTable {
  visitor: string;
  seen_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  tokens: TokensTable;
  roles: RolesTable;
  projects: ProjectsTable;
  project_slugs: ProjectSlugsTable;
  media: MediaTable;
  media_chunks: MediaChunksTable;
  settings: SettingsTable;
  audit_log: AuditLogTable;
  audit_chain: AuditChainTable;
  project_versions: ProjectVersionsTable;
  versions: VersionsTable;
  trash: TrashTable;
  twitch_authorizations: TwitchAuthorizationsTable;
  twitch_states: TwitchStatesTable;
  rate_limits: RateLimitsTable;
  device_tokens: DeviceTokensTable;
  sync_ops: SyncOpsTable;
  sync_changes: SyncChangesTable;
  idempotency_keys: IdempotencyKeysTable;
  user_counts: UserCountsTable;
  daily_counts: DailyCountsTable;
  job_leases: JobLeasesTable;
  audit_purge: AuditPurgeTable;
  user_totp: UserTotpTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  login_steps: LoginStepsTable;
  visit_salts: VisitSaltsTable;
  visit_counts: VisitCountsTable;
  visit_visitors: VisitVisitorsTable;
  visit_live: VisitLiveTable;
}

/** A database handle or an open transaction: services accept either (Kysely's own example does the same). */
export type Db = Kysely<Database> | Transaction<Database>;

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type ProjectUpdate = Updateable<ProjectsTable>;
