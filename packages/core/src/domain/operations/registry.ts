/**
 * Every operation of the API, declared once (DESIGN 1). The Express router, the desktop's IPC channel, the
 * generic clients, the deny-by-default and fuzz tests and the OpenAPI document are all loops over this list:
 * adding a call means one entry here and one handler in `packages/core/src/operations`.
 */
import { z } from "zod";
import { changePasswordSchema } from "../account.ts";
import type {
  AdminUser,
  AuditLogAnswer,
  DashboardStats,
  ProjectsAnswer,
  RolesAnswer,
  RoleUpdateAnswer,
  SessionUser,
  SessionView,
} from "../api-types.ts";
import { auditQuerySchema } from "../audit-query.ts";
import type { CatOfTheDay } from "../cat.ts";
import type { Project } from "../projects.ts";
import type { SiteProfile } from "../site-profile.ts";
import { siteProfileSchema } from "../site-profile-schema.ts";
import type { DeviceTokenView } from "../sync.ts";
import { type TwitchConnectAnswer, type TwitchStatus, twitchCallbackSchema } from "../twitch.ts";
import {
  activateBodySchema,
  forgotBodySchema,
  loginBodySchema,
  projectCreateSchema,
  projectUpdateSchema,
  resetBodySchema,
  rolePermissionsSchema,
  signupBodySchema,
  userActivateSchema,
  userEditSchema,
} from "../validation.ts";
import type { PlaylistAnswer, PlaylistAvailabilityAnswer } from "../youtube.ts";
import type { OperationSpec } from "./define.ts";
import { returns } from "./returns.ts";
import { syncOperations } from "./sync.ops.ts";

const message = returns<{ message: string }>();
const noBody = returns<void>();
const SESSION_ONLY = ["session"] as const;

/** Ids are strings (UUIDs) made by whoever creates the row; anything else is simply not found. */
const idParam = z.object({ id: z.string().max(200, "id is too long.") }).strict();

/** The shuffler's two answers, described for the OpenAPI document (the probe's "unavailable" is an answer). */
const playlistVideo = z.object({
  id: z.string(),
  title: z.string(),
  thumbnail: z.string(),
  channel: z.string(),
  duration: z.string(),
});
const playlistResult: z.ZodType<PlaylistAnswer | PlaylistAvailabilityAnswer> = z.union([
  z.object({ videos: z.array(playlistVideo) }),
  z.object({ available: z.literal(true) }),
  z.object({ available: z.literal(false), reason: z.string() }),
]);

export const operations = {
  hello: {
    method: "GET",
    path: "/api/hello",
    summary: "A friendly message for whoever finds it.",
    action: "public",
    result: message,
  },

  "meta.openapi": {
    method: "GET",
    path: "/api/openapi.json",
    summary: "This contract: an OpenAPI 3.1 document generated from the operation registry.",
    action: "public",
    result: returns<Record<string, unknown>>(),
    cache: "no-cache",
  },
  "meta.docs": {
    method: "GET",
    path: "/api/docs",
    summary: "The same contract as a page to read.",
    action: "public",
    result: returns<string>(),
    cache: "no-cache",
    produces: "text/html",
  },
  "meta.health": {
    method: "GET",
    path: "/api/health",
    summary: "For load balancers: 200 while the database answers a query, 503 when it cannot be reached.",
    action: "public",
    result: returns<{ status: "ok" }>(),
  },

  // ---- Session and account (spec section 7) ----
  "auth.me": {
    method: "GET",
    path: "/api/me",
    summary: "The logged-in user, or 401 when there is no session.",
    action: "account.use",
    result: returns<SessionUser>(),
  },
  "auth.login": {
    method: "POST",
    path: "/api/login",
    summary: "Logs in and sets the httpOnly session cookie.",
    action: "public",
    body: loginBodySchema.strict(),
    result: returns<SessionUser>(),
    credentials: SESSION_ONLY,
  },
  "auth.logout": {
    method: "POST",
    path: "/api/logout",
    summary: "Ends the session on the server and clears its cookie.",
    action: "public",
    status: 204,
    result: noBody,
    credentials: SESSION_ONLY,
  },
  "auth.signup": {
    method: "POST",
    path: "/api/signup",
    summary: "Creates an inactive account and mails its activation link (same answer if the account exists).",
    action: "public",
    status: 201,
    body: signupBodySchema.strict(),
    result: message,
    credentials: SESSION_ONLY,
  },
  "auth.activate": {
    method: "POST",
    path: "/api/activate-account",
    summary: "Activates an account with the mailed single-use token.",
    action: "public",
    body: activateBodySchema.strict(),
    result: message,
    credentials: SESSION_ONLY,
  },
  "auth.forgotPassword": {
    method: "POST",
    path: "/api/forgot-password",
    summary: "Mails a reset link when the address has an account (same answer either way).",
    action: "public",
    body: forgotBodySchema.strict(),
    result: message,
    credentials: SESSION_ONLY,
  },
  "auth.resetPassword": {
    method: "POST",
    path: "/api/reset-password",
    summary: "Sets a new password with the mailed single-use token; ends every session of the user.",
    action: "public",
    body: resetBodySchema.strict(),
    result: message,
    credentials: SESSION_ONLY,
  },
  "account.changePassword": {
    method: "POST",
    path: "/api/account/password",
    summary: "Changes your own password; ends your other sessions.",
    action: "account.use",
    body: changePasswordSchema.strict(),
    result: message,
    credentials: SESSION_ONLY,
  },
  "sessions.list": {
    method: "GET",
    path: "/api/sessions",
    summary: "Your own sessions, with device and last use.",
    action: "account.use",
    result: returns<{ sessions: SessionView[] }>(),
  },
  "sessions.end": {
    method: "DELETE",
    path: "/api/sessions/{id}",
    summary: "Ends one of your own sessions.",
    action: "account.use",
    params: idParam,
    status: 204,
    result: noBody,
  },

  // ---- Projects ----
  "projects.list": {
    method: "GET",
    path: "/api/projects",
    summary: "Every project (public; cached, with ETag).",
    action: "public",
    result: returns<ProjectsAnswer>(),
    cache: "no-cache",
  },
  "projects.create": {
    method: "POST",
    path: "/api/projects",
    summary: "Creates a project; created as Latest, it clears the Latest mark of the one before.",
    action: "projects.create",
    status: 201,
    body: projectCreateSchema.strict(),
    result: returns<Project>(),
  },
  "projects.update": {
    method: "PATCH",
    path: "/api/projects/{id}",
    summary:
      "Changes the fields sent; a stale version answers 409 with the current project. Marking one Latest clears the others.",
    action: "projects.edit",
    params: idParam,
    body: projectUpdateSchema.strict(),
    result: returns<Project>(),
  },
  "projects.delete": {
    method: "DELETE",
    path: "/api/projects/{id}",
    summary: "Deletes a project.",
    action: "projects.delete",
    params: idParam,
    status: 204,
    result: noBody,
  },

  // ---- Admin panel ----
  "roles.list": {
    method: "GET",
    path: "/api/admin/roles",
    summary: "The four roles with their permissions.",
    action: "roles.view",
    result: returns<RolesAnswer>(),
  },
  "roles.update": {
    method: "PATCH",
    path: "/api/admin/roles/{roleKey}",
    summary: "Sets a role's permissions and those of its members.",
    action: "roles.update",
    params: z.object({ roleKey: z.string().max(40, "roleKey is too long.") }).strict(),
    body: rolePermissionsSchema.strict(),
    result: returns<RoleUpdateAnswer>(),
  },
  "users.list": {
    method: "GET",
    path: "/api/admin/users",
    summary: "Every user, sorted by rank, then username.",
    action: "users.view",
    result: returns<{ users: AdminUser[] }>(),
  },
  "users.update": {
    method: "PATCH",
    path: "/api/admin/users/{id}",
    summary: "Either activation (isActive) or username and permissions.",
    action: "users.edit",
    params: idParam,
    body: z.union([userActivateSchema, userEditSchema]),
    result: returns<AdminUser>(),
  },
  "users.delete": {
    method: "DELETE",
    path: "/api/admin/users/{id}",
    summary: "Deletes a user and ends their sessions.",
    action: "users.delete",
    params: idParam,
    status: 204,
    result: noBody,
  },
  "users.resetPassword": {
    method: "POST",
    path: "/api/admin/users/{id}/reset-password",
    summary: "Mails a user a password reset link.",
    action: "users.resetPassword",
    params: idParam,
    result: message,
  },
  "users.deviceTokens.list": {
    method: "GET",
    path: "/api/admin/users/{id}/device-tokens",
    summary:
      "A user's desktop app device tokens with name, creation, last use and expiry; never the token. The owner's only to the owner.",
    action: "users.devices",
    params: idParam,
    result: returns<{ tokens: DeviceTokenView[] }>(),
  },
  "users.deviceTokens.revoke": {
    method: "DELETE",
    path: "/api/admin/users/{id}/device-tokens/{tokenId}",
    summary: "Revokes one of a user's device tokens (audited); the owner's only the owner revokes.",
    action: "users.devices",
    params: idParam.extend({ tokenId: z.string().max(200, "tokenId is too long.") }),
    status: 204,
    result: noBody,
  },
  "users.sessions.list": {
    method: "GET",
    path: "/api/admin/users/{id}/sessions",
    summary: "A user's browser sessions, with device and last use. The owner's only to the owner.",
    action: "users.devices",
    params: idParam,
    result: returns<{ sessions: SessionView[] }>(),
    credentials: SESSION_ONLY,
  },
  "users.sessions.end": {
    method: "DELETE",
    path: "/api/admin/users/{id}/sessions/{sessionId}",
    summary: "Ends one of a user's browser sessions (audited); the owner's only the owner ends.",
    action: "users.devices",
    params: idParam.extend({ sessionId: z.string().max(200, "sessionId is too long.") }),
    status: 204,
    result: noBody,
    credentials: SESSION_ONLY,
  },
  "dashboard.get": {
    method: "GET",
    path: "/api/admin/dashboard",
    summary: "Projects by status, users by role and state, sign-ups awaiting activation.",
    action: "dashboard.view",
    result: returns<DashboardStats>(),
  },
  "audit.list": {
    method: "GET",
    path: "/api/admin/audit",
    summary: "The audit log, newest first, filtered by actor and kind, paged back in time.",
    action: "audit.view",
    query: auditQuerySchema.strict(),
    result: returns<AuditLogAnswer>(),
  },

  // ---- Site profile ----
  "profile.get": {
    method: "GET",
    path: "/api/settings/profile",
    summary: "The owner's public profile (name, birth date, e-mail, links).",
    action: "public",
    result: returns<SiteProfile>(),
    cache: "no-cache",
  },
  "profile.update": {
    method: "PATCH",
    path: "/api/admin/settings/profile",
    summary: "Changes the owner's public profile.",
    action: "settings.update",
    body: siteProfileSchema.strict(),
    result: returns<SiteProfile>(),
  },

  // ---- Visitor tools ----
  "tools.playlist": {
    method: "GET",
    path: "/api/youtube-playlist",
    summary:
      "`?test=true`: whether the shuffler's upstream is available (always 200: `available` false with a `reason` when it is not); `?playlistId=`: the whole playlist.",
    action: "public",
    query: z.object({ test: z.unknown().optional(), playlistId: z.unknown().optional() }).strict(),
    result: playlistResult,
  },
  "tools.catOfTheDay": {
    method: "GET",
    path: "/api/cat-of-the-day",
    summary: "The same cat for everyone all (UTC) day.",
    action: "public",
    result: returns<CatOfTheDay>(),
    cache: "no-cache",
  },
  "twitch.connect": {
    method: "POST",
    path: "/api/admin/twitch/connect",
    summary: "Starts 'Connect Twitch': the Twitch authorize URL with a single-use state for this session (10 min).",
    action: "twitch.connect",
    result: returns<TwitchConnectAnswer>(),
    credentials: SESSION_ONLY,
  },
  "twitch.callback": {
    method: "POST",
    path: "/api/twitch-callback",
    summary:
      "Stores the Twitch authorization with this session's state, once Twitch confirms the token (never answered or logged).",
    action: "public",
    body: twitchCallbackSchema.strict(),
    result: returns<{ ok: true }>(),
    credentials: SESSION_ONLY,
  },
  "twitch.status": {
    method: "GET",
    path: "/api/admin/twitch",
    summary: "Whether Twitch is connected, its scopes and when; never the token.",
    action: "twitch.view",
    result: returns<TwitchStatus>(),
  },

  // ---- Desktop sync ----
  ...syncOperations,
} as const satisfies Record<string, OperationSpec>;

export type Operations = typeof operations;
export type OperationName = keyof Operations;

export const OPERATION_NAMES = Object.keys(operations) as OperationName[];

export function operationSpec(name: OperationName): OperationSpec {
  return operations[name];
}

export function isOperationName(name: unknown): name is OperationName {
  return typeof name === "string" && Object.hasOwn(operations, name);
}
