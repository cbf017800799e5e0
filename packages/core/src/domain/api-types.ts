/** Shapes of the HTTP answers (spec section 7), shared by the server, the ApiClient and tests. */
import type { Project } from "./projects.ts";
import type { RoleKey } from "./roles.ts";

export interface SessionUser {
  _id: string;
  username: string;
  permissions: string[];
}

export interface AdminUser {
  _id: string;
  username: string;
  /** Always in the users list; in an edit's answer only for a caller who holds users:view. */
  email?: string;
  permissions: string[];
  /** The role this user is a member of (a role edit changes its members), or null for custom permissions. */
  roleKey: RoleKey | null;
  isActive: boolean;
  createdAt: string;
  /**
   * An address staff set that waits for its owner to confirm it from the mailed link; absent
   * when none waits. Shown to the same callers as `email`.
   */
  pendingEmail?: string;
  /** Present (true) while an invited account waits for the invited person to choose a password. */
  invitationPending?: boolean;
  /** Present (true) when staff deactivated the account (it gets no mail until reactivated, docs/security.md, promise 33). */
  deactivated?: boolean;
}

export interface RoleView {
  name: string;
  description: string;
  permissions: string[];
  color: string;
}

export type RolesAnswer = Record<RoleKey, RoleView>;

export interface ProjectsAnswer {
  projects: Project[];
  error?: string;
  /** With paging parameters: the following page's cursor, null on the last. */
  next?: string | null;
  /** With paging parameters: how many projects there are in all. */
  total?: number;
  /** With paging parameters: the project that counts as latest (the first flagged), wherever it is. */
  latestId?: string | null;
  /** With paging parameters: what 'Last seen working on' names (lastSeenWorkingOn over the whole list). */
  lastSeen?: { _id: string; title: string } | null;
}

/** `GET /api/admin/users`: every user, or (with paging parameters) one page, `next` and maybe `total`. */
export interface AdminUsersAnswer {
  users: AdminUser[];
  /** With paging parameters: the cursor of the following page, null on the last. */
  next?: string | null;
  /** With paging parameters and no search: how many users match the filters (from counters). */
  total?: number;
}

/** One UTC day (YYYY-MM-DD) of the dashboard's charts, oldest first, every day present (0 when nothing). */
export type DailySeries = Array<{ day: string; signups: number; activations: number; logins: number; edits: number }>;

export interface DashboardStats {
  projects: { total: number; latest: number; active: number; archived: number };
  /** Present only for holders of users:view. */
  users?: {
    total: number;
    active: number;
    inactive: number;
    /** Of the inactive: sign-ups never activated, and accounts staff deactivated. */
    pending: number;
    deactivated: number;
    byRole: Record<RoleKey, number>;
    /** The newest 10 (the count is `pending`), with what the Activate button's permission check needs. */
    pendingActivations: { _id: string; username: string; email: string; permissions: string[]; createdAt: string }[];
  };
  /** The last 90 days of sign-ups, activations, logins and content edits; only for holders of users:view. */
  daily?: DailySeries;
}

export interface AuditEntryView {
  id: string;
  at: string;
  actorId: string | null;
  actorName: string;
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown>;
  /** The keyed hash chaining this entry to the one before it. */
  hash: string | null;
  prevHash: string | null;
}

/** The newest entry of the audit chain: printed in backups, shown in the panel, checked by a later verify. */
export interface AuditHead {
  id: string;
  hash: string;
}

/** `GET /api/admin/audit/verify`: the chain is whole, or where it first breaks and why. */
export type AuditVerifyAnswer =
  | { ok: true; entries: number; head: AuditHead | null }
  | { ok: false; entries: number; firstBadId: string; reason: string };

/**
 * `GET /api/admin/audit/check`: housekeeping's newest daily check of the whole chain and when, so opening the
 * panel does not walk 500,000 entries; null before the first.
 */
export interface AuditLastCheckAnswer {
  check: (AuditVerifyAnswer & { at: string }) | null;
}

export interface AuditLogAnswer {
  entries: AuditEntryView[];
  /** Pass as `before` to read the next (older) page; null on the last page. */
  next: number | null;
}

export interface AuditLogQuery {
  actor?: string;
  /** An action ("user.delete") or a kind prefix ("user", "project", "role", "auth", "settings", "token"). */
  kind?: string;
  before?: number;
  limit?: number;
}

export interface SessionView {
  id: string;
  userAgent: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** What 'Log out everywhere else' ended: how many of your other browser sessions. */
export interface EndedSessionsAnswer {
  ended: number;
}

export interface RoleUpdateAnswer {
  /** How many members the edit changed (or, in a dry run, would change). */
  updatedUsers: number;
  /** The first 10 of their usernames, sorted (the count is `updatedUsers`); only for a caller who holds users:view. */
  usernames?: string[];
  /** The role as saved (in a dry run: as it would be). */
  role: RoleView;
  /** Present (true) only on a dry run: nothing was changed. */
  dryRun?: true;
}
