/**
 * Every operation of the API, declared once (docs/design.md §1). The Express router, the desktop's IPC channel, the
 * generic clients, the deny-by-default and fuzz tests and the OpenAPI document are all loops over this list:
 * adding a call means one entry here and one handler in `packages/core/src/operations`.
 */
import { z } from "zod";
import { changePasswordSchema } from "../account.ts";
import { auditQuerySchema, auditVerifyQuerySchema } from "../audit-query.ts";
import { idParamSchema, idSchema } from "../database-limits.ts";
import { historyQuerySchema, restoreBodySchema } from "../history.ts";
import { knownPicturesBodySchema, pictureUploadSchema } from "../pictures-schema.ts";
import { siteProfileSchema } from "../site-profile-schema.ts";
import { twitchCallbackSchema } from "../twitch.ts";
import { USERS_PAGE_DEFAULT, USERS_PAGE_MAX, usersQuerySchema } from "../users-query.ts";
import {
  activateBodySchema,
  emailConfirmBodySchema,
  forgotBodySchema,
  invitationAcceptBodySchema,
  invitationCheckBodySchema,
  loginBodySchema,
  projectCreateSchema,
  projectUpdateSchema,
  resetBodySchema,
  resetTokenCheckBodySchema,
  rolePermissionsSchema,
  signupBodySchema,
  userActivateSchema,
  userEditSchema,
  userEmailChangeSchema,
  userInviteSchema,
} from "../validation.ts";
import type { OperationSpec } from "./define.ts";
import { historyOperations, roleKeyParamSchema } from "./history.ops.ts";
import { publicReadOperations } from "./public-reads.ops.ts";
import * as results from "./results.ts";
import { secondFactorOperations } from "./second-factor.ops.ts";
import { syncOperations } from "./sync.ops.ts";
import { visitOperations } from "./visits.ops.ts";

const message = results.messageResult;
const noBody = results.noContent;
const SESSION_ONLY = ["session"] as const;

export const operations = {
  // The public reads are declared beside their own runner (public-reads.ops.ts); these are the same objects.
  hello: publicReadOperations.hello,

  "meta.openapi": {
    method: "GET",
    path: "/api/openapi.json",
    summary: "This contract: an OpenAPI 3.1 document generated from the operation registry.",
    action: "public",
    result: results.openApiResult,
    cache: "no-cache",
  },
  "meta.docs": {
    method: "GET",
    path: "/api/docs",
    summary: "The same contract as a page to read.",
    action: "public",
    result: results.htmlResult,
    cache: "no-cache",
    produces: "text/html",
  },
  "meta.health": {
    method: "GET",
    path: "/api/health",
    summary: "For load balancers: 200 while the database answers a query, 503 when it cannot be reached.",
    action: "public",
    result: results.healthResult,
    statuses: [503],
  },
  "meta.live": {
    method: "GET",
    path: "/api/live",
    summary:
      "For an orchestrator's liveness probe: 200 while the process answers at all; touches nothing (no database), so a database outage never gets the process restarted.",
    action: "public",
    result: results.healthResult,
  },

  // ---- Session and account (spec section 7) ----
  "auth.me": {
    method: "GET",
    path: "/api/me",
    summary:
      "The logged-in user, or 401 when there is no session; `secondFactorRequired` when the owner requires staff to have a second factor and this staff member has none yet.",
    action: "account.use",
    result: results.meResult,
  },
  "auth.login": {
    method: "POST",
    path: "/api/login",
    summary:
      "Logs in and sets the httpOnly session cookie; for an account with a second factor, answers which methods it has and sets only a 5-minute pending-login cookie (the second step is POST /api/login/second-factor).",
    action: "public",
    body: loginBodySchema.strict(),
    result: results.loginResult,
    statuses: [401, 403, 429],
    credentials: SESSION_ONLY,
    // Bcrypt compares the password outside any transaction, and a refused login's audit entry stays.
    transaction: "own",
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
    statuses: [429],
    credentials: SESSION_ONLY,
    // Bcrypt hashes the password before the short transaction that writes the account.
    transaction: "own",
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
    statuses: [429],
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
    // Bcrypt hashes the new password before the short transaction that writes it.
    transaction: "own",
  },
  "auth.resetToken.check": {
    method: "POST",
    // The token travels in the body, never in a URL that logs and proxies keep.
    path: "/api/reset-password/check",
    summary: "Answers whether a reset link still works, without using it up (400 when it is unknown, used or expired).",
    action: "public",
    body: resetTokenCheckBodySchema.strict(),
    result: message,
    statuses: [429],
    credentials: SESSION_ONLY,
  },
  "auth.emailChange.check": {
    method: "POST",
    path: "/api/confirm-email/check",
    summary:
      "Answers whether a link confirming a new e-mail address still works, without using it up (400 when unknown, used or expired; 403 for a deactivated account).",
    action: "public",
    body: emailConfirmBodySchema.strict(),
    result: message,
    statuses: [429],
    credentials: SESSION_ONLY,
  },
  "auth.emailChange.confirm": {
    method: "POST",
    path: "/api/confirm-email",
    summary:
      "Makes the new e-mail address staff set the one in use, with the single-use token mailed to it (409 when another account took it since).",
    action: "public",
    body: emailConfirmBodySchema.strict(),
    result: message,
    statuses: [409],
    credentials: SESSION_ONLY,
    // The address must still be free when the change commits.
    transaction: "serializable",
  },
  "auth.invitation.check": {
    method: "POST",
    path: "/api/accept-invitation/check",
    summary:
      "Answers whether an invitation link still works, without using it up (400 when unknown, used or expired; 403 for a deactivated account).",
    action: "public",
    body: invitationCheckBodySchema.strict(),
    result: message,
    statuses: [429],
    credentials: SESSION_ONLY,
  },
  "auth.invitation.accept": {
    method: "POST",
    path: "/api/accept-invitation",
    summary: "Sets the invited person's chosen password and activates the account, with the mailed single-use token.",
    action: "public",
    body: invitationAcceptBodySchema.strict(),
    result: message,
    credentials: SESSION_ONLY,
    // Bcrypt hashes the password before the short transaction that writes it.
    transaction: "own",
  },
  "account.changePassword": {
    method: "POST",
    path: "/api/account/password",
    summary: "Changes your own password; ends your other sessions.",
    action: "account.use",
    body: changePasswordSchema.strict(),
    result: message,
    statuses: [429],
    credentials: SESSION_ONLY,
    // Bcrypt checks and hashes the passwords before the short transaction that writes it.
    transaction: "own",
  },
  "sessions.list": {
    method: "GET",
    path: "/api/sessions",
    summary: "Your own sessions, with device and last use.",
    action: "account.use",
    result: results.sessionsResult,
  },
  "sessions.end": {
    method: "DELETE",
    path: "/api/sessions/{id}",
    summary: "Ends one of your own sessions.",
    action: "account.use",
    params: idParamSchema,
    status: 204,
    result: noBody,
  },
  "sessions.endOthers": {
    method: "POST",
    path: "/api/sessions/end-others",
    summary: "Ends every one of your browser sessions but the one making the call (audited); answers how many.",
    action: "account.use",
    result: results.endedSessionsResult,
    // Only a browser session has an 'other' to keep: a device token has no session of its own.
    credentials: SESSION_ONLY,
  },

  // ---- Projects ----
  "projects.list": publicReadOperations["projects.list"],
  "projects.create": {
    method: "POST",
    path: "/api/projects",
    summary: "Creates a project; created as Latest, it clears the Latest mark of the one before.",
    action: "projects.create",
    status: 201,
    body: projectCreateSchema.strict(),
    result: results.projectResult,
  },
  "projects.update": {
    method: "PATCH",
    path: "/api/projects/{id}",
    summary:
      "Changes the fields sent; a stale version answers 409 with the current project. Marking one Latest clears the others.",
    action: "projects.edit",
    params: idParamSchema,
    body: projectUpdateSchema.strict(),
    result: results.projectResult,
    statuses: [409],
  },
  "projects.delete": {
    method: "DELETE",
    path: "/api/projects/{id}",
    summary: "Deletes a project.",
    action: "projects.delete",
    params: idParamSchema,
    status: 204,
    result: noBody,
  },

  "projects.pictures.add": {
    method: "POST",
    path: "/api/projects/{id}/pictures",
    summary:
      "Uploads a picture (multipart/form-data: file, alt, optional caption) and appends it to the project's pictures as a new version; answers the picture.",
    description:
      "The file is judged by its bytes: PNG, JPEG, WebP, AVIF or GIF (its first frame); SVG and every other kind " +
      "are a 415. Over 15 MB is a 413; over 40 megapixels (read from the header, before decoding), a 13th picture " +
      "or no alt text is a 400. Metadata is stripped; the stored original's SHA-256 is the picture's hash, and " +
      "AVIF and WebP variants are made at 480, 720, 960 and 1600 px wide (never wider than the original). The same " +
      "bytes are stored once; a picture already in the list is answered as it is. Reorder, cover, alt and " +
      "caption changes go through the project's edit.",
    action: "projects.edit",
    params: idParamSchema,
    status: 201,
    consumes: "multipart/form-data",
    body: pictureUploadSchema.strict(),
    result: results.pictureResult,
    statuses: [415],
    // The file is not kept for a replay; uploading the same bytes again answers the same picture anyway.
    idempotencyKey: false,
    // sharp makes the variants outside any transaction; the store and the project's edit are then one.
    transaction: "own",
  },
  "pictures.known": {
    method: "POST",
    path: "/api/pictures/known",
    summary:
      "Which of these pictures the server already stores, each named by the SHA-256 of its bytes as uploaded; answers the stored picture of each it has.",
    description:
      "The desktop app asks before it sends a picture added offline, so a picture the server has is never sent " +
      "again. Each answer names the asked hash (`source`) and the stored original's own hash and size; a hash " +
      "the server does not know is left out.",
    action: "projects.edit",
    body: knownPicturesBodySchema,
    result: results.knownPicturesResult,
    // A read: it changes nothing, so a retry is always safe.
    transaction: "one",
  },
  "projects.history": {
    method: "GET",
    path: "/api/projects/{id}/history",
    summary:
      "The project's versions, newest first, each with who, when and the whole project as it stood after that change; paged like the audit log.",
    action: "projects.view",
    params: idParamSchema,
    query: historyQuerySchema.strict(),
    result: results.projectHistoryResult,
  },
  "projects.restore": {
    method: "POST",
    path: "/api/projects/{id}/restore",
    summary:
      "Brings a version's fields back as a new version (audited, synced); a stale baseVersion answers 409 with the current project.",
    action: "projects.edit",
    params: idParamSchema,
    body: restoreBodySchema.strict(),
    result: results.projectResult,
    statuses: [409],
  },
  "trash.list": {
    method: "GET",
    path: "/api/admin/trash",
    summary: "What was deleted, by whom, and when it will be purged (TRASH_RETENTION_DAYS).",
    action: "trash.manage",
    result: results.trashResult,
  },
  "trash.restore": {
    method: "POST",
    path: "/api/admin/trash/project/{id}/restore",
    summary: "Puts a deleted project back with its id, fields and history (audited, synced as an upsert).",
    action: "trash.manage",
    params: idParamSchema,
    result: results.projectResult,
    statuses: [409],
  },
  "trash.purge": {
    method: "DELETE",
    path: "/api/admin/trash/project/{id}",
    summary: "Deletes a project in the trash for good, now (audited).",
    action: "trash.manage",
    params: idParamSchema,
    status: 204,
    result: noBody,
  },

  // ---- Admin panel ----
  "roles.list": {
    method: "GET",
    path: "/api/admin/roles",
    summary: "The four roles with their permissions.",
    action: "roles.view",
    result: results.rolesResult,
  },
  "roles.update": {
    method: "PATCH",
    path: "/api/admin/roles/{roleKey}",
    summary: "Sets a role's permissions and those of its members.",
    action: "roles.update",
    params: roleKeyParamSchema,
    body: rolePermissionsSchema.strict(),
    result: results.roleUpdateResult,
    // No two roles may end up with one set, whatever another admin does meanwhile.
    transaction: "serializable",
  },
  "users.list": {
    method: "GET",
    path: "/api/admin/users",
    summary: "Every user, sorted by rank, then username; or one page of them, searched and filtered.",
    description:
      "Without query parameters: every user (the spec's answer), sensible up to a few thousand users; past " +
      "that the admin panel pages. With any of limit, cursor, q, role or status: at most `limit` users " +
      `(default ${USERS_PAGE_DEFAULT}, at most ${USERS_PAGE_MAX}) in the same order, \`next\` (pass it as \`cursor\` ` +
      "for the following page; null on the last) and, when no search is given, `total` (from counters). `q` " +
      "matches a username or e-mail prefix without regard to case; `role` is the role the panel shows (custom: " +
      "permissions matching no role exactly); `status` is active, inactive (never activated) or deactivated.",
    action: "users.view",
    query: usersQuerySchema.strict(),
    result: results.adminUsersResult,
  },
  "users.update": {
    method: "PATCH",
    path: "/api/admin/users/{id}",
    summary: "Either activation (isActive) or username and permissions.",
    action: "users.edit",
    params: idParamSchema,
    body: z.union([userActivateSchema, userEditSchema]),
    result: results.adminUserResult,
    statuses: [409],
    // The permission, free-name and role-membership checks must hold when the write commits.
    transaction: "serializable",
  },
  "users.delete": {
    method: "DELETE",
    path: "/api/admin/users/{id}",
    summary: "Deletes a user and ends their sessions.",
    action: "users.delete",
    params: idParamSchema,
    status: 204,
    result: noBody,
    // The permission and last-owner checks must hold when the delete commits.
    transaction: "serializable",
  },
  "users.resetPassword": {
    method: "POST",
    path: "/api/admin/users/{id}/reset-password",
    summary: "Mails a user a password reset link.",
    action: "users.resetPassword",
    params: idParamSchema,
    result: message,
    // The mail goes through SMTP before the answer (its failure is the answer), after its token commits.
    transaction: "own",
  },
  "users.invite": {
    method: "POST",
    path: "/api/admin/users/invite",
    summary:
      "Invites a user: an inactive account with no usable password, and a mailed single-use link (7 days) to choose one. Grants follow the rule of a user edit.",
    action: "users.invite",
    status: 201,
    body: userInviteSchema,
    result: results.adminUserResult,
    statuses: [409],
    // Bcrypt makes the unusable password, and the mail goes through SMTP before the answer.
    transaction: "own",
  },
  "users.invitation.resend": {
    method: "POST",
    path: "/api/admin/users/{id}/invitation",
    summary:
      "Mails a new single-use invitation link (7 days) to a user whose invitation still waits; the earlier link stops working. 409 when no invitation waits.",
    action: "users.invitation.resend",
    params: idParamSchema,
    result: results.adminUserResult,
    statuses: [409],
    // The mail goes through SMTP before the answer (its failure is the answer), after its token commits.
    transaction: "own",
  },
  "users.email.change": {
    method: "POST",
    path: "/api/admin/users/{id}/email",
    summary:
      "Sets a user's new e-mail address as pending and mails a confirmation link (48 h) to it, and a notice to the address in use; the change applies when the link is opened.",
    action: "users.email",
    params: idParamSchema,
    body: userEmailChangeSchema,
    result: results.adminUserResult,
    statuses: [409],
    // The mail goes through SMTP before the answer (its failure is the answer), after its token commits.
    transaction: "own",
  },
  "users.deviceTokens.list": {
    method: "GET",
    path: "/api/admin/users/{id}/device-tokens",
    summary:
      "A user's desktop app device tokens with name, creation, last use and expiry; never the token. The owner's only to the owner.",
    action: "users.devices",
    params: idParamSchema,
    result: results.deviceTokensResult,
  },
  "users.deviceTokens.revoke": {
    method: "DELETE",
    path: "/api/admin/users/{id}/device-tokens/{tokenId}",
    summary: "Revokes one of a user's device tokens (audited); the owner's only the owner revokes.",
    action: "users.devices",
    params: idParamSchema.extend({ tokenId: idSchema("tokenId") }),
    status: 204,
    result: noBody,
  },
  "users.sessions.list": {
    method: "GET",
    path: "/api/admin/users/{id}/sessions",
    summary: "A user's browser sessions, with device and last use. The owner's only to the owner.",
    action: "users.devices",
    params: idParamSchema,
    result: results.sessionsResult,
    credentials: SESSION_ONLY,
  },
  "users.sessions.end": {
    method: "DELETE",
    path: "/api/admin/users/{id}/sessions/{sessionId}",
    summary: "Ends one of a user's browser sessions (audited); the owner's only the owner ends.",
    action: "users.devices",
    params: idParamSchema.extend({ sessionId: idSchema("sessionId") }),
    status: 204,
    result: noBody,
    credentials: SESSION_ONLY,
  },
  "dashboard.get": {
    method: "GET",
    path: "/api/admin/dashboard",
    summary: "Projects by status, users by role and state, sign-ups awaiting activation.",
    action: "dashboard.view",
    result: results.dashboardResult,
  },
  "audit.list": {
    method: "GET",
    path: "/api/admin/audit",
    summary: "The audit log, newest first, filtered by actor and kind, paged back in time.",
    action: "audit.view",
    query: auditQuerySchema.strict(),
    result: results.auditLogResult,
  },
  "audit.verify": {
    method: "GET",
    path: "/api/admin/audit/verify",
    summary:
      "Checks the audit log's keyed hash chain: whole (with its head), or the first entry changed or after a gap; `?head=<id>:<hash>` also finds entries cut off the end.",
    action: "audit.view",
    query: auditVerifyQuerySchema.strict(),
    result: results.auditVerifyResult,
  },
  "audit.lastCheck": {
    method: "GET",
    path: "/api/admin/audit/check",
    summary:
      "Housekeeping's newest daily check of the whole audit chain, and when; null before the first. Reads one row, whatever the log's size.",
    action: "audit.view",
    result: results.auditLastCheckResult,
  },

  // ---- Site profile ----
  "profile.get": publicReadOperations["profile.get"],
  "profile.update": {
    method: "PATCH",
    path: "/api/admin/settings/profile",
    summary: "Changes the owner's public profile.",
    action: "settings.update",
    body: siteProfileSchema.strict(),
    result: results.siteProfileResult,
  },

  // ---- Visitor tools ----
  "tools.playlist": {
    method: "GET",
    path: "/api/youtube-playlist",
    summary:
      "`?test=true`: whether the shuffler's upstream is available (always 200: `available` false with a `reason` when it is not); `?playlistId=`: the whole playlist.",
    action: "public",
    query: z.object({ test: z.unknown().optional(), playlistId: z.unknown().optional() }).strict(),
    result: results.playlistResult,
    statuses: [404, 429, 503],
  },
  "tools.catOfTheDay": {
    method: "GET",
    path: "/api/cat-of-the-day",
    summary: "The same cat for everyone all (UTC) day.",
    action: "public",
    result: results.catOfTheDayResult,
    statuses: [503],
    cache: "no-cache",
  },
  "twitch.connect": {
    method: "POST",
    path: "/api/admin/twitch/connect",
    summary: "Starts 'Connect Twitch': the Twitch authorize URL with a single-use state for this session (10 min).",
    action: "twitch.connect",
    result: results.twitchConnectResult,
    statuses: [503],
    credentials: SESSION_ONLY,
    // Twitch is called outside any transaction.
    transaction: "own",
  },
  "twitch.callback": {
    method: "POST",
    path: "/api/twitch-callback",
    summary:
      "Stores the Twitch authorization with this session's state, once Twitch confirms the token (never answered or logged).",
    action: "public",
    body: twitchCallbackSchema.strict(),
    result: results.twitchCallbackResult,
    statuses: [403, 429, 503],
    credentials: SESSION_ONLY,
    // Twitch is called outside any transaction.
    transaction: "own",
  },
  "twitch.status": {
    method: "GET",
    path: "/api/admin/twitch",
    summary: "Whether Twitch is connected, its scopes and when; never the token.",
    action: "twitch.view",
    result: results.twitchStatusResult,
  },

  // ---- Second factors ----
  ...secondFactorOperations,

  // ---- History of the site profile and the roles ----
  ...historyOperations,

  // ---- Desktop sync ----
  ...syncOperations,

  // ---- Visitor counting ----
  ...visitOperations,
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
