/**
 * The desktop sync protocol (docs/design.md §5), shared by the server and the desktop client. Browser-safe.
 *
 * The desktop keeps an outbox of `SyncOp`s, each written in the same local transaction as the change it
 * describes, and pushes them in order:
 *
 *   POST /api/sync/push   Authorization: Bearer <device token>
 *   { clientId, schemaVersion: SYNC_SCHEMA_VERSION, ops: SyncOp[] (at most SYNC_MAX_OPS) }
 *   → 200 { results: SyncOpResult[] }   one result per op, in the order sent
 *   → 409 'Update the desktop app' / 'Update the server' when schemaVersion differs (nothing applied)
 *   → 413 with more than SYNC_MAX_OPS ops or over 4 MB; 400 nested deeper than SYNC_MAX_DEPTH (nothing applied)
 *   → 401 for an unknown, revoked or expired token, answered before the body is read
 *   → 429 past the per-credential push limit (retry later; nothing applied)
 *
 * and pulls what changed on the server:
 *
 *   GET /api/sync/pull?since=<cursor>&limit=<n>
 *   → 200 { cursor, changes: SyncChange[], hasMore, reset? }
 *
 * Rules a client can rely on:
 * - An op id is answered once. A replay (same opId) applies nothing and answers `duplicate` with the
 *   original result; to try again after a conflict or rejection, send a NEW op (new opId).
 * - `fields` holds only the fields the user changed. Fields changed on the server since `baseVersion` by
 *   someone else, to a different value, are a `conflict`; other fields merge. The client's own earlier ops
 *   never conflict with its later ones, so ops on one entity can be pushed back to back with the same base.
 * - 'Keep mine' after a conflict: send a new op with `baseVersion: serverVersion` from the conflict (for a
 *   project deleted on the server, an upsert with every field restores it).
 * - `baseVersion: 0` means the client created the entity and the server has not seen it. A base newer than
 *   the server's version is a `rejected` op (it was never handed out, so nothing can be checked against it).
 * - Pull answers the entity's CURRENT state for every entity changed after the cursor (several changes of
 *   one entity arrive as one). With `reset: true` the answer is a full snapshot: every project and the
 *   profile; local rows missing from it were deleted on the server (keep those with ops still waiting).
 * - Keep pulling while `hasMore`; store `cursor` only after applying the page.
 */

import { z } from "zod";
import { withoutControlCharacters } from "./control-characters.ts";
import { idSchema, MAX_DB_INTEGER } from "./database-limits.ts";
import { MESSAGES } from "./messages.ts";
import type { Project } from "./projects.ts";
import { deviceTokenSecondFactorSchema } from "./second-factor.ts";
import type { SiteProfile } from "./site-profile.ts";
import { withinBcryptLimit } from "./validation.ts";

/** The protocol version this code speaks; a push carrying another one is refused with 409. */
export const SYNC_SCHEMA_VERSION = 1;

/** Most ops in one push; more is a 413. */
export const SYNC_MAX_OPS = 500;

/**
 * Deepest nesting of a push body: the body, `ops`, an op, its `fields`, a list field (`socialLinks`), an
 * item of it: six levels. The server refuses more before it parses anything (docs/security.md, promise 27).
 */
export const SYNC_MAX_DEPTH = 16;

/** The largest version a database integer column holds on both dialects (2^31 - 1). */
export const SYNC_MAX_VERSION = MAX_DB_INTEGER;

/** The longest message a rejected op's stored result keeps: what the server stores per op is bounded. */
export const SYNC_MAX_MESSAGE_LENGTH = 300;

/** Changes per pull page: `limit` defaults to the first and may be at most the second. */
export const SYNC_PULL_DEFAULT_LIMIT = 1000;
export const SYNC_PULL_MAX_LIMIT = 5000;
/** Projects per snapshot page (a first pull, or `reset: true`): about half a megabyte of JSON. */
export const SYNC_SNAPSHOT_MAX_PAGE = 1000;

export const SYNC_ENTITIES = ["project", "profile"] as const;
export type SyncEntity = (typeof SYNC_ENTITIES)[number];

/** The site profile is one entity with this fixed id. */
export const PROFILE_ENTITY_ID = "profile";

/** The fields a client may send in `fields`, per entity (what the web editor edits). */
export const SYNC_FIELDS = {
  project: [
    "title",
    "description",
    "github",
    "externalLink",
    "isArchived",
    "isLatest",
    "tags",
    "slug",
    "longDescription",
    "pictures",
  ],
  profile: ["ownerName", "birthDate", "businessEmail", "socialLinks", "streamingSiteUrl", "tagline"],
} as const satisfies Record<SyncEntity, readonly string[]>;

export const SYNC_MESSAGES = {
  tooManyOps: `A push carries at most ${SYNC_MAX_OPS} ops: send the rest in another push.`,
  updateDesktop: "Update the desktop app: the server speaks a newer sync protocol.",
  updateServer: "Update the server: the desktop app speaks a newer sync protocol.",
  changedOnServer: "This was changed on the server since your last sync.",
  deletedOnServer: "This project was deleted on the server since your last sync.",
  editedBeforeDelete: "This project was edited on the server since your last sync.",
  trashedProject: "This project is in the trash on the server: only someone who may delete projects can bring it back.",
  opIdTaken: "This opId was already used by another account.",
  profileDelete: "The site profile cannot be deleted.",
  profileId: `The site profile's entityId is "${PROFILE_ENTITY_ID}".`,
  cursor: "since must be a cursor from an earlier pull.",
  tooDeep: `A push is nested at most ${SYNC_MAX_DEPTH} levels deep.`,
  baseVersion: `baseVersion must be a whole number from 0 to ${SYNC_MAX_VERSION}.`,
  projectId: "A project's entityId must be a UUID.",
} as const;

/** A rejected op whose baseVersion is newer than anything the server has given out: the client's bug. */
export function baseAheadMessage(baseVersion: number, serverVersion: number): string {
  return `baseVersion ${baseVersion} is newer than the server's version ${serverVersion}.`;
}

/**
 * Names a few of the keys a caller sent wrongly, each cut short: a message (answered, and stored with a
 * rejected op) never echoes everything a client sent.
 */
export function someKeys(keys: readonly string[], most = 3, longest = 40): string {
  const shown = keys.slice(0, most).map((key) => (key.length > longest ? `${key.slice(0, longest)}…` : key));
  const rest = keys.length - shown.length;
  return rest > 0 ? `${shown.join(", ")} and ${rest} more` : shown.join(", ");
}

/**
 * A plain JSON object, kept as parsed: an own `__proto__` key stays a key (and is refused as an unknown
 * field, as the HTTP API refuses it), where a record schema would drop it silently.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

// ---- Push ----

/** One change the desktop made, as its outbox stores it. */
export const syncOpSchema = z
  .object({
    opId: z.uuid({ error: "opId must be a UUID." }),
    entity: z.enum(SYNC_ENTITIES, { error: 'entity must be "project" or "profile".' }),
    /** A project's UUID (the API's id form), or "profile" for the site profile. */
    entityId: z
      .string({ error: "entityId is required." })
      .min(1, "entityId is required.")
      .max(200, "entityId is too long.")
      .refine(...withoutControlCharacters("entityId")),
    kind: z.enum(["upsert", "delete"], { error: 'kind must be "upsert" or "delete".' }),
    /** Only the changed fields, with their new values (`null` or "" clears a link); `{}` for a delete. */
    fields: z
      .custom<Record<string, unknown>>(isPlainObject, { error: "fields must be an object." })
      .optional()
      .transform((fields) => fields ?? {}),
    /** The server version the change was made on; 0 for an entity the client created. */
    baseVersion: z
      .number({ error: SYNC_MESSAGES.baseVersion })
      .int(SYNC_MESSAGES.baseVersion)
      .min(0, SYNC_MESSAGES.baseVersion)
      .max(SYNC_MAX_VERSION, SYNC_MESSAGES.baseVersion),
    /** When the user made the change (ISO time, client clock; informative). */
    at: z.iso.datetime({ offset: true, error: "at must be an ISO date-time." }),
  })
  .strict()
  .refine((op) => op.entity !== "project" || idSchema("entityId").safeParse(op.entityId).success, {
    path: ["entityId"],
    error: SYNC_MESSAGES.projectId,
  });

export type SyncOp = z.output<typeof syncOpSchema>;
export type SyncOpInput = z.input<typeof syncOpSchema>;

/**
 * The push body as the server first reads it: `ops` is checked for its count and the protocol version
 * before any op is read, so an app speaking another version gets 409 (not a 400 about a shape it changed),
 * and more than SYNC_MAX_OPS ops get 413. Each op is then read with `syncOpSchema`.
 */
export const syncPushBodySchema = z.object({
  clientId: z
    .string({ error: "clientId is required." })
    .trim()
    .min(1, "clientId is required.")
    .max(200, "clientId is too long.")
    .refine(...withoutControlCharacters("clientId")),
  schemaVersion: z
    .number({ error: "schemaVersion must be a whole number." })
    .int("schemaVersion must be a whole number."),
  ops: z.array(z.unknown(), { error: "ops must be a list of sync ops." }),
});

/** What a client sends. */
export interface SyncPushBody {
  clientId: string;
  schemaVersion: number;
  ops: SyncOpInput[];
}

/** A server row as sync carries it: a project, or the site profile. */
export type SyncRow = Project | SiteProfile;

export interface SyncApplied {
  opId: string;
  status: "applied";
  /** The entity's version after the op: the base for the next op on it. */
  version: number;
}

export interface SyncConflict {
  opId: string;
  status: "conflict";
  message: string;
  /** The op's fields that someone else changed on the server since baseVersion (empty for a delete of a deleted row). */
  fields: string[];
  /** The server's row now, or null when it was deleted on the server. */
  server: SyncRow | null;
  /** The server's version now (of the deletion, if deleted): send 'Keep mine' with this as baseVersion. */
  serverVersion: number;
}

export interface SyncRejected {
  opId: string;
  status: "rejected";
  /** Why, as the HTTP API would say it (validation or permission). */
  message: string;
}

export type SyncFirstResult = SyncApplied | SyncConflict | SyncRejected;

export interface SyncDuplicate {
  opId: string;
  status: "duplicate";
  /** The result of the first time this op id was pushed; nothing was applied again. */
  original: SyncFirstResult;
}

export type SyncOpResult = SyncFirstResult | SyncDuplicate;
export type SyncOpStatus = SyncOpResult["status"];

export interface SyncPushAnswer {
  results: SyncOpResult[];
}

// ---- Pull ----

export const syncPullQuerySchema = z.object({
  /** The cursor of the previous pull; absent for a first pull (a snapshot). */
  since: z
    .string()
    .max(200, "since is too long.")
    .refine(...withoutControlCharacters("since"))
    .optional(),
  limit: z.coerce
    .number({ error: `limit must be 1 to ${SYNC_PULL_MAX_LIMIT}.` })
    .int(`limit must be 1 to ${SYNC_PULL_MAX_LIMIT}.`)
    .min(1, `limit must be 1 to ${SYNC_PULL_MAX_LIMIT}.`)
    .max(SYNC_PULL_MAX_LIMIT, `limit must be 1 to ${SYNC_PULL_MAX_LIMIT}.`)
    .default(SYNC_PULL_DEFAULT_LIMIT),
});

interface ChangeBase {
  entityId: string;
  /** The entity's version now (for a deletion, the deletion's version). */
  version: number;
  /** Fields changed since the cursor (every field in a snapshot). */
  fields: string[];
}

export type SyncChange =
  | (ChangeBase & { entity: "project"; deleted: false; row: Project })
  | (ChangeBase & { entity: "project"; deleted: true; row: null })
  | (ChangeBase & { entity: "profile"; deleted: false; row: SiteProfile });

export interface SyncPullAnswer {
  /** Pass as `since` to the next pull. Opaque. */
  cursor: string;
  changes: SyncChange[];
  hasMore: boolean;
  /** A full snapshot: the cursor was absent, unknown or expired. */
  reset?: true;
  /** On every page of a snapshot: how many projects the whole snapshot holds (the desktop's progress). */
  total?: number;
}

// ---- Device tokens ----

/**
 * Minting a device token asks for the password again (docs/security.md, promise 26), as a password change does: a session
 * cookie alone, stolen or left open, never becomes a lasting credential.
 */
export const deviceTokenBodySchema = z.object({
  name: z
    .string({ error: "Name is required." })
    .trim()
    .min(1, "Name is required.")
    .max(100, "Name must be at most 100 characters.")
    .refine(...withoutControlCharacters("Name")),
  password: z
    .string({ error: "Password is required." })
    .min(1, "Password is required.")
    // As at login: bcrypt would otherwise accept any text that starts with the right 72 bytes.
    .refine(withinBcryptLimit, MESSAGES.passwordTooLong),
  // The second factor, when the account has one (docs/security.md, promise 30).
  ...deviceTokenSecondFactorSchema.shape,
});

/** A device token as listed: never the token itself. */
export interface DeviceTokenView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** When it stops working unless used before then (DEVICE_TOKEN_IDLE_DAYS after its last use). */
  expiresAt: string;
}

/** The answer to creating one: the token, shown this once. */
export interface IssuedDeviceToken {
  id: string;
  name: string;
  token: string;
  createdAt: string;
}
