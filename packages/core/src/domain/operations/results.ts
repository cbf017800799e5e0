/**
 * The answer of every operation as a zod schema, so the OpenAPI document describes each 200 and a contract
 * test can hold the server to it. Each schema is written against the TypeScript type the handlers already
 * return (`answer<T>()`): the compiler refuses a schema whose output is not exactly that type, so a field
 * added to a type and forgotten here (or the other way round) breaks the build instead of the contract.
 *
 * Objects are strict: the document says `additionalProperties: false` and a parse refuses a field the
 * document does not name, so a new field in an answer has to be declared before it can ship.
 */
import { z } from "zod";
import type {
  AdminUser,
  AdminUsersAnswer,
  AuditLastCheckAnswer,
  AuditLogAnswer,
  AuditVerifyAnswer,
  DashboardStats,
  EndedSessionsAnswer,
  RolesAnswer,
  RoleUpdateAnswer,
  SessionUser,
  SessionView,
} from "../api-types.ts";
import type { CatOfTheDay } from "../cat.ts";
import type { ProjectHistoryAnswer, RoleHistoryAnswer, SiteProfileHistoryAnswer, TrashAnswer } from "../history.ts";
import type { KnownPicture } from "../pictures.ts";
import { ROLE_KEYS } from "../roles.ts";
import type { SecondFactorMethod } from "../second-factor.ts";
import { siteProfileSchema } from "../site-profile-schema.ts";
import type { DeviceTokenView, IssuedDeviceToken, SyncOpResult, SyncPullAnswer, SyncPushAnswer } from "../sync.ts";
import type { TwitchConnectAnswer, TwitchStatus } from "../twitch.ts";
import type { PlaylistAnswer, PlaylistAvailabilityAnswer } from "../youtube.ts";
import {
  answer,
  messageResult,
  pictureResult,
  projectResult,
  projectsResult,
  siteProfileResult,
} from "./public-results.ts";

export { answer, messageResult, pictureResult, projectResult, projectsResult, siteProfileResult };

const roleKey = z.enum(ROLE_KEYS);
const text = z.string();
const texts = z.array(z.string());

/** 204 answers: nothing. */
export const noContent: z.ZodType<void> = z.void();

/** The contract itself: a JSON object (its own shape is OpenAPI 3.1's, not this project's). */
export const openApiResult = answer<Record<string, unknown>>()(z.record(z.string(), z.unknown()));

export const htmlResult = answer<string>()(z.string());

export const healthResult = answer<{ status: "ok" }>()(z.strictObject({ status: z.literal("ok") }));

// ---- Session and account ----

export const sessionUserResult = answer<SessionUser>()(
  z.strictObject({ _id: text, username: text, permissions: texts }),
);

export const loginResult = answer<SessionUser | { secondFactor: { methods: SecondFactorMethod[] } }>()(
  z.union([
    z.strictObject({ _id: text, username: text, permissions: texts }),
    z.strictObject({
      secondFactor: z.strictObject({ methods: z.array(z.enum(["totp", "recovery", "passkey"])) }),
    }),
  ]),
);

export const meResult = answer<SessionUser & { secondFactorRequired: boolean }>()(
  z.strictObject({ _id: text, username: text, permissions: texts, secondFactorRequired: z.boolean() }),
);

const sessionView = answer<SessionView>()(
  z.strictObject({ id: text, userAgent: text, createdAt: text, lastSeenAt: text, current: z.boolean() }),
);
export const sessionsResult = answer<{ sessions: SessionView[] }>()(z.strictObject({ sessions: z.array(sessionView) }));
export const endedSessionsResult = answer<EndedSessionsAnswer>()(z.strictObject({ ended: z.number().int().min(0) }));

// ---- Projects ----

const pictureView = pictureResult;

export const knownPicturesResult = answer<{ pictures: KnownPicture[] }>()(
  z.strictObject({
    pictures: z.array(z.strictObject({ source: text, hash: text, width: z.number().int(), height: z.number().int() })),
  }),
);

const projectFieldsView = z.strictObject({
  title: text,
  description: z.string(),
  github: text.nullable(),
  externalLink: text.nullable(),
  tags: z.array(text),
  isArchived: z.boolean(),
  isLatest: z.boolean(),
  slug: text.optional(),
  longDescription: z.string(),
  pictures: z.array(pictureView),
});

const historyActor = z.strictObject({ id: text.nullable(), username: text }).nullable();

export const projectHistoryResult = answer<ProjectHistoryAnswer>()(
  z.strictObject({
    items: z.array(
      z.strictObject({
        version: z.number().int(),
        at: text,
        actor: historyActor,
        action: text,
        fields: projectFieldsView,
      }),
    ),
    next: z.number().int().nullable(),
  }),
);

export const trashResult = answer<TrashAnswer>()(
  z.strictObject({
    items: z.array(
      z.strictObject({
        type: z.literal("project"),
        id: text,
        title: text,
        deletedAt: text,
        deletedBy: text,
        purgeAt: text,
      }),
    ),
  }),
);

// ---- Admin panel ----

const roleView = z.strictObject({ name: text, description: text, permissions: texts, color: text });

export const rolesResult = answer<RolesAnswer>()(z.record(roleKey, roleView));

export const roleHistoryResult = answer<RoleHistoryAnswer>()(
  z.strictObject({
    items: z.array(
      z.strictObject({ version: z.number().int(), at: text, actor: historyActor, action: text, fields: roleView }),
    ),
    next: z.number().int().nullable(),
  }),
);

export const roleUpdateResult = answer<RoleUpdateAnswer>()(
  z.strictObject({
    updatedUsers: z.number().int(),
    usernames: texts.optional(),
    role: roleView,
    dryRun: z.literal(true).optional(),
  }),
);

export const adminUserResult = answer<AdminUser>()(
  z.strictObject({
    _id: text,
    username: text,
    email: text.optional(),
    permissions: texts,
    roleKey: roleKey.nullable(),
    isActive: z.boolean(),
    createdAt: text,
    pendingEmail: text.optional(),
    invitationPending: z.boolean().optional(),
    deactivated: z.boolean().optional(),
  }),
);

export const adminUsersResult = answer<AdminUsersAnswer>()(
  z.strictObject({
    users: z.array(adminUserResult),
    next: text.nullable().optional(),
    total: z.number().int().optional(),
  }),
);

const count = z.number().int();

export const dashboardResult = answer<DashboardStats>()(
  z.strictObject({
    projects: z.strictObject({ total: count, latest: count, active: count, archived: count }),
    users: z
      .strictObject({
        total: count,
        active: count,
        inactive: count,
        pending: count,
        deactivated: count,
        byRole: z.record(roleKey, count),
        pendingActivations: z.array(
          z.strictObject({ _id: text, username: text, email: text, permissions: texts, createdAt: text }),
        ),
      })
      .optional(),
    daily: z
      .array(z.strictObject({ day: text, signups: count, activations: count, logins: count, edits: count }))
      .optional(),
  }),
);

export const auditLogResult = answer<AuditLogAnswer>()(
  z.strictObject({
    entries: z.array(
      z.strictObject({
        id: text,
        at: text,
        actorId: text.nullable(),
        actorName: text,
        action: text,
        targetType: text,
        targetId: text.nullable(),
        details: z.record(z.string(), z.unknown()),
        hash: text.nullable(),
        prevHash: text.nullable(),
      }),
    ),
    next: z.number().int().nullable(),
  }),
);

const auditHead = z.strictObject({ id: text, hash: text });

export const auditVerifyResult = answer<AuditVerifyAnswer>()(
  z.discriminatedUnion("ok", [
    z.strictObject({ ok: z.literal(true), entries: z.number().int(), head: auditHead.nullable() }),
    z.strictObject({ ok: z.literal(false), entries: z.number().int(), firstBadId: text, reason: text }),
  ]),
);

export const auditLastCheckResult = answer<AuditLastCheckAnswer>()(
  z.strictObject({
    check: z
      .discriminatedUnion("ok", [
        z.strictObject({
          ok: z.literal(true),
          entries: z.number().int(),
          head: auditHead.nullable(),
          at: text,
        }),
        z.strictObject({
          ok: z.literal(false),
          entries: z.number().int(),
          firstBadId: text,
          reason: text,
          at: text,
        }),
      ])
      .nullable(),
  }),
);

// ---- Site profile ----

/** Each version holds the whole profile; version 0 is the profile before its first change. */
export const siteProfileHistoryResult = answer<SiteProfileHistoryAnswer>()(
  z.strictObject({
    items: z.array(
      z.strictObject({
        version: z.number().int(),
        at: text,
        actor: historyActor,
        action: text,
        fields: siteProfileSchema,
      }),
    ),
    next: z.number().int().nullable(),
  }),
);

// ---- Visitor tools ----

const playlistVideo = z.strictObject({ id: text, title: text, thumbnail: text, channel: text, duration: text });

/** `?playlistId=` answers the videos; `?test=true` whether the upstream is available (always 200). */
export const playlistResult = answer<PlaylistAnswer | PlaylistAvailabilityAnswer>()(
  z.union([
    z.strictObject({ videos: z.array(playlistVideo) }),
    z.strictObject({ available: z.literal(true) }),
    z.strictObject({ available: z.literal(false), setUp: z.boolean(), reason: text }),
  ]),
);

export const catOfTheDayResult = answer<CatOfTheDay>()(
  z.strictObject({ url: text, date: text, source: z.enum(["api", "fallback"]) }),
);

export const twitchConnectResult = answer<TwitchConnectAnswer>()(
  z.strictObject({ authorizeUrl: text, expiresAt: text }),
);

export const twitchCallbackResult = answer<{ ok: true }>()(z.strictObject({ ok: z.literal(true) }));

export const twitchStatusResult = answer<TwitchStatus>()(
  z.strictObject({
    connected: z.boolean(),
    scope: texts,
    tokenType: text.nullable(),
    connectedAt: text.nullable(),
    hasAccessToken: z.boolean(),
    hasAuthCode: z.boolean(),
    encrypted: z.boolean(),
  }),
);

// ---- Desktop sync ----

export const issuedDeviceTokenResult = answer<IssuedDeviceToken>()(
  z.strictObject({ id: text, name: text, token: text, createdAt: text }),
);

const deviceTokenView = answer<DeviceTokenView>()(
  z.strictObject({ id: text, name: text, createdAt: text, lastUsedAt: text.nullable(), expiresAt: text }),
);
export const deviceTokensResult = answer<{ tokens: DeviceTokenView[] }>()(
  z.strictObject({ tokens: z.array(deviceTokenView) }),
);

const version = z.number().int();
const syncRow = z.union([projectResult, siteProfileResult]);

const syncFirstResult = z.union([
  z.strictObject({ opId: text, status: z.literal("applied"), version }),
  z.strictObject({
    opId: text,
    status: z.literal("conflict"),
    message: text,
    fields: texts,
    server: syncRow.nullable(),
    serverVersion: version,
  }),
  z.strictObject({ opId: text, status: z.literal("rejected"), message: text }),
]);

const syncOpResult = answer<SyncOpResult>()(
  z.union([syncFirstResult, z.strictObject({ opId: text, status: z.literal("duplicate"), original: syncFirstResult })]),
);

export const syncPushResult = answer<SyncPushAnswer>()(z.strictObject({ results: z.array(syncOpResult) }));

const changeBase = { entityId: text, version, fields: texts };

export const syncPullResult = answer<SyncPullAnswer>()(
  z.strictObject({
    cursor: text,
    changes: z.array(
      z.union([
        z.strictObject({ ...changeBase, entity: z.literal("project"), deleted: z.literal(false), row: projectResult }),
        z.strictObject({ ...changeBase, entity: z.literal("project"), deleted: z.literal(true), row: z.null() }),
        z.strictObject({
          ...changeBase,
          entity: z.literal("profile"),
          deleted: z.literal(false),
          row: siteProfileResult,
        }),
      ]),
    ),
    hasMore: z.boolean(),
    reset: z.literal(true).optional(),
    total: z.number().int().optional(),
  }),
);
