/** The audit log in words: what each entry did, and the before/after of the fields it changed. */
import {
  type AuditEntryView,
  DEFAULT_ROLES,
  MAX_SECOND_FACTOR_FAILURES,
  ROLE_KEYS,
  type RoleKey,
} from "@portfolio/core/domain";

/** Kinds the Dashboard filter offers: a prefix of the action names the server records. */
export const AUDIT_KINDS: ReadonlyArray<{ value: string; label: string }> = [
  { value: "", label: "All kinds" },
  { value: "project", label: "Projects" },
  { value: "user", label: "Users" },
  { value: "role", label: "Roles" },
  { value: "settings", label: "Site settings" },
  { value: "trash", label: "Trash" },
  { value: "auth", label: "Sign-ins and accounts" },
  { value: "token", label: "E-mailed links and device tokens" },
  { value: "twitch", label: "Twitch" },
  { value: "second_factor", label: "Two-factor authentication" },
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** A name from the details: `details[key]`, or `details.after[key]` / `details.before[key]`. */
function detail(details: Record<string, unknown>, key: string): string | undefined {
  const after = isRecord(details.after) ? details.after : {};
  const before = isRecord(details.before) ? details.before : {};
  return text(details[key]) ?? text(after[key]) ?? text(before[key]);
}

/** ' to version 3', from the version a restore brought back (`details.restoredVersion`). */
function toVersion(details: Record<string, unknown>): string {
  const version = count(details.restoredVersion);
  return version === undefined ? " to an earlier version" : ` to version ${version}`;
}

function quoted(name: string | undefined, fallback: string): string {
  return name ? `"${name}"` : fallback;
}

function roleName(key: string | null): string {
  return (ROLE_KEYS as readonly string[]).includes(key ?? "") ? DEFAULT_ROLES[key as RoleKey].name : (key ?? "a");
}

/** 'an activation link' or 'a password reset link', as the entry's kind says. */
const LINK_KINDS: Record<string, string> = {
  activation: "an activation link",
  email: "an address confirmation link",
  invitation: "an invitation link",
};

function linkKind(details: Record<string, unknown>): string {
  return LINK_KINDS[text(details.kind) ?? ""] ?? "a password reset link";
}

/**
 * What happened when an e-mailed link was issued, in the words of who really acted: staff mailed it; a visitor
 * (no actor id) signed up or asked for it, and the server mailed it to the account's address.
 */
function describeLinkIssued(entry: Pick<AuditEntryView, "details"> & { actorId?: string | null }): string {
  const { details } = entry;
  const to = quoted(detail(details, "username"), "the account");
  if (entry.actorId) return `mailed ${to} ${linkKind(details)}`;
  if (text(details.reason) === "signup") return `signed up; ${linkKind(details)} was mailed to ${to}`;
  return `asked for ${linkKind(details)}; it was mailed to ${to}`;
}

/** How a second step was passed, as the login entry records it (`details.secondFactor`). */
const SIGN_IN_METHODS: Record<string, string> = {
  totp: "an authenticator code",
  recovery: "a recovery code",
  passkey: "a passkey",
};

function count(value: unknown): number | undefined {
  return typeof value === "number" ? value : undefined;
}

/**
 * The second-factor entries (docs/security.md, promise 30). The account is `details.username`; whoever acted is in the actor
 * column, so an entry reads the same whether the user changed their own account or staff changed it.
 */
function describeSecondFactor(action: string, details: Record<string, unknown>): string | undefined {
  const user = quoted(detail(details, "username"), "an account");
  const passkey = quoted(text(details.name), "a passkey");
  switch (action) {
    case "second_factor.totp_enabled":
      return `set up an authenticator app as a second factor for ${user}`;
    case "second_factor.totp_removed":
      return `removed the authenticator app of ${user}, with its recovery codes`;
    case "second_factor.recovery_codes_renewed":
      return `made new recovery codes for ${user}; the old ones no longer work`;
    case "second_factor.recovery_code_used": {
      const left = count(details.left);
      const rest = left === undefined ? "" : ` (${left} ${left === 1 ? "code" : "codes"} left)`;
      return `used a recovery code to sign in to ${user}${rest}`;
    }
    case "second_factor.passkey_added":
      return `added the passkey ${passkey} to ${user}`;
    case "second_factor.passkey_removed":
      return `removed the passkey ${passkey} from ${user}`;
    case "second_factor.removed_by_staff":
      return `removed every second factor of ${user} (authenticator app, recovery codes and passkeys)`;
    case "second_factor.failed": {
      const failures = count(details.failures);
      return failures === undefined
        ? "entered a wrong second-factor code"
        : `entered a wrong second-factor code (${failures} of ${MAX_SECOND_FACTOR_FAILURES} tries)`;
    }
    case "second_factor.paused":
      return `entered too many wrong second-factor codes for ${user}: its second step is paused for up to an hour`;
    case "settings.security":
      return details.requireSecondFactorForStaff === true
        ? "required a second factor of every staff member"
        : "stopped requiring a second factor of staff";
    case "settings.analytics":
      return details.countVisitors === true ? "turned visitor counting on" : "turned visitor counting off";
    default:
      return undefined;
  }
}

/**
 * 'edited project "Portfolio Website"', without the actor (shown in its own column). With the actor's id, an
 * e-mailed link is told apart as mailed by staff or asked for by a visitor.
 */
export function describeAuditAction(
  entry: Pick<AuditEntryView, "action" | "details" | "targetId"> & { actorId?: string | null },
): string {
  const { details } = entry;
  const project = quoted(detail(details, "title"), "a project");
  const user = quoted(detail(details, "username"), "a user");
  const secondFactor = describeSecondFactor(entry.action, details);
  if (secondFactor) return secondFactor;
  switch (entry.action) {
    case "project.create":
      return `created project ${project}`;
    case "project.edit":
      return `edited project ${project}`;
    case "project.delete":
      return `deleted project ${project}`;
    case "project.restore":
      return `restored project ${project}${toVersion(details)}`;
    case "project.untrash":
      return `restored project ${project} from the trash`;
    case "trash.purge":
      // Housekeeping purges what stayed past TRASH_RETENTION_DAYS; a person purges with 'Delete now'.
      return details.expired === true
        ? `purged project ${project} from the trash when its time there ran out`
        : `deleted project ${project} from the trash for good`;
    case "user.edit":
      // The first start records the owner's creation as an edit of the new row: it is a creation.
      return details.created === true ? `created user ${user}` : `edited user ${user}`;
    case "user.activate":
      return `activated user ${user}`;
    case "user.deactivate":
      return `deactivated user ${user}`;
    case "user.delete":
      return `deleted user ${user}`;
    case "user.password_reset_requested":
      return `sent a password reset e-mail to ${user}`;
    case "user.email_change_requested":
      return `asked ${user} to confirm the new e-mail address ${quoted(detail(details, "email"), "given")}`;
    case "user.email_changed":
      return `confirmed the new e-mail address of ${user}`;
    case "user.invite":
      return `invited ${user}`;
    case "user.invitation_resent":
      return `sent a new invitation link to ${user}`;
    case "auth.invitation_accepted":
      return `accepted the invitation to ${user} and chose a password`;
    case "role.edit": {
      const count = typeof details.updatedUsers === "number" ? details.updatedUsers : undefined;
      const moved = count === undefined ? "" : ` (${count} ${count === 1 ? "user" : "users"} updated)`;
      return `changed the permissions of the ${roleName(entry.targetId)} role${moved}`;
    }
    case "role.restore": {
      const count = typeof details.updatedUsers === "number" ? details.updatedUsers : undefined;
      const moved = count === undefined ? "" : ` (${count} ${count === 1 ? "user" : "users"} updated)`;
      return `restored the ${roleName(entry.targetId)} role${toVersion(details)}${moved}`;
    }
    case "settings.edit":
      return "changed the site profile";
    case "settings.restore":
      // Version 0 is the built-in profile, as it stood before its first change.
      return details.restoredVersion === 0
        ? "restored the site profile to the built-in one (version 0)"
        : `restored the site profile${toVersion(details)}`;
    case "auth.login": {
      const method = SIGN_IN_METHODS[text(details.secondFactor) ?? ""];
      return method ? `logged in with ${method}` : "logged in";
    }
    case "auth.login_failed":
      return `failed to log in as ${user}`;
    case "auth.login_refused":
      return text(details.reason) === "deactivated"
        ? `tried to log in to the deactivated account ${user}`
        : `tried to log in to ${user}, not activated yet`;
    case "auth.logout":
      return "logged out";
    case "auth.signup":
      return `signed up as ${user}`;
    case "auth.signup_taken":
      return `tried to sign up with a taken ${text(details.field) === "email" ? "e-mail address" : "username"}`;
    case "auth.forgot_password":
      // A deactivated account gets no mail either (docs/security.md, promise 33); the entry names it.
      return text(details.reason) === "deactivated"
        ? `asked for a link for the deactivated account ${user}; none was sent`
        : "asked for a password reset for an address with no account";
    case "auth.activate":
      return "activated an account with the e-mailed link";
    case "auth.password_reset":
      return "reset a password with the e-mailed link";
    case "auth.password_changed":
      return "changed their password";
    case "token.issued":
      if (text(details.kind) === "device") return `connected the desktop app "${text(details.name) ?? ""}"`;
      return describeLinkIssued(entry);
    case "token.revoked": {
      // Staff revoking a user's token from the Users tab name the user; your own revocation does not.
      const of = text(details.username) ? ` of ${user}` : "";
      return `revoked the desktop app token "${text(details.name) ?? ""}"${of}`;
    }
    case "session.ended":
      return text(details.username) ? `ended a session of ${user}` : "ended a session";
    case "session.ended_others": {
      const ended = typeof details.ended === "number" ? details.ended : 0;
      return `logged out everywhere else (${ended} other ${ended === 1 ? "session" : "sessions"} ended)`;
    }
    case "twitch.connect":
      return "connected Twitch";
    default:
      return entry.action;
  }
}

export interface FieldChange {
  field: string;
  before?: string;
  after?: string;
}

const FIELD_LABELS: Record<string, string> = {
  github: "Code link",
  externalLink: "Demo link",
  isArchived: "Archived",
  isLatest: "Latest",
  isActive: "Active",
  ownerName: "Display name",
  birthDate: "Birth date",
  businessEmail: "Business e-mail",
  socialLinks: "Social links",
  streamingSiteUrl: "Streaming site",
};

export function fieldLabel(field: string): string {
  return (
    FIELD_LABELS[field] ??
    field.charAt(0).toUpperCase() +
      field
        .slice(1)
        .replace(/([A-Z])/g, " $1")
        .toLowerCase()
  );
}

/** A value as short text: lists comma-joined, booleans Yes/No, links of social lists by name. */
export function formatAuditValue(value: unknown): string {
  if (value === undefined || value === null || value === "") return "(none)";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) {
    if (value.length === 0) return "(none)";
    return value.map((item) => (isRecord(item) ? (text(item.name) ?? JSON.stringify(item)) : String(item))).join(", ");
  }
  if (isRecord(value)) return JSON.stringify(value);
  return String(value);
}

const SKIPPED = new Set(["_id", "id", "createdAt", "updatedAt", "passwordHash"]);

/** The before/after of every field the entry recorded, in a stable order. */
export function auditChanges(entry: Pick<AuditEntryView, "details">): FieldChange[] {
  const before = isRecord(entry.details.before) ? entry.details.before : undefined;
  const after = isRecord(entry.details.after) ? entry.details.after : undefined;
  if (!before && !after) return [];
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((k) => !SKIPPED.has(k));
  return keys.map((field) => ({
    field: fieldLabel(field),
    before: before && field in before ? formatAuditValue(before[field]) : undefined,
    after: after && field in after ? formatAuditValue(after[field]) : undefined,
  }));
}
