/** Kysely table types. Booleans are 0/1 integers and lists are JSON text so SQLite and PostgreSQL agree. */
import type { Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";

export interface UsersTable {
  id: string;
  username: string;
  /** Lower-cased username: the unique key that makes names case-insensitive on every dialect. */
  username_key: string;
  email: string;
  email_key: string;
  password_hash: string;
  permissions: string;
  is_active: number;
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
}

export interface TokensTable {
  id: string;
  kind: "activation" | "reset";
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
  target_type: string;
  target_id: string | null;
  /** JSON: { before?, after?, ... } of the changed fields; never a secret. */
  details: string;
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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  tokens: TokensTable;
  roles: RolesTable;
  projects: ProjectsTable;
  settings: SettingsTable;
  audit_log: AuditLogTable;
  twitch_authorizations: TwitchAuthorizationsTable;
}

/** A database handle or an open transaction: services accept either (Kysely's own example does the same). */
export type Db = Kysely<Database> | Transaction<Database>;

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type ProjectUpdate = Updateable<ProjectsTable>;
