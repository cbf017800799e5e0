/**
 * The desktop sync operations (protocol in ../sync.ts). Device tokens are minted only with a
 * browser session (a token never mints another); push and pull take either credential.
 */
import { idParamSchema } from "../database-limits.ts";
import { deviceTokenBodySchema, syncPullQuerySchema, syncPushBodySchema } from "../sync.ts";
import type { OperationSpec } from "./define.ts";
import * as results from "./results.ts";

export const syncOperations = {
  "sync.tokens.create": {
    method: "POST",
    path: "/api/sync/tokens",
    summary:
      "Creates a named device token for the desktop app, with the password asked again and, for an account with a second factor, an authenticator `code` or a `recoveryCode` (not needed when this session's login proved a second factor in the last 5 minutes); the token is in this answer only.",
    action: "sync.use",
    status: 201,
    body: deviceTokenBodySchema.strict(),
    result: results.issuedDeviceTokenResult,
    // The password is asked again, and guesses at it are limited like logins.
    statuses: [429],
    credentials: ["session"],
    // The token is shown once and never stored, so no answer of it is kept for a replay.
    idempotencyKey: false,
    // bcrypt checks the password: never while holding a write transaction (the token is then one write).
    transaction: "own",
  },
  "sync.tokens.list": {
    method: "GET",
    path: "/api/sync/tokens",
    summary: "Your own device tokens with name, creation and last use; never the token.",
    action: "sync.use",
    result: results.deviceTokensResult,
  },
  "sync.tokens.revoke": {
    method: "DELETE",
    path: "/api/sync/tokens/{id}",
    summary: "Revokes one of your own device tokens.",
    action: "sync.use",
    params: idParamSchema,
    status: 204,
    result: results.noContent,
  },
  "sync.push": {
    method: "POST",
    path: "/api/sync/push",
    summary:
      "Applies the desktop's ops (at most 500; 413 beyond) through the same rules as the API: one result per op " +
      "(applied, duplicate, conflict, rejected). Another schemaVersion is a 409 and applies nothing. The " +
      "credential is checked before the body is read (401), nesting deeper than 16 levels is a 400, and pushes " +
      "are rate limited per credential (429).",
    action: "sync.use",
    body: syncPushBodySchema.strict(),
    result: results.syncPushResult,
    // Another schemaVersion is a 409; more than SYNC_MAX_OPS ops a 413 (both apply nothing); too many pushes a 429.
    statuses: [409, 413, 429],
    // Every op of the push, its replay records and the change-log marks commit together, and an op's
    // conflict check (a version read, then a write) must not interleave with another push or an edit.
    transaction: "serializable",
  },
  "sync.pull": {
    method: "GET",
    path: "/api/sync/pull",
    summary:
      "Changes after the cursor `since`, each entity in its current state; no, unknown or expired cursor: a " +
      "full snapshot with reset: true, in pages of at most 1000 projects (follow `hasMore` with the cursor; " +
      "the last page's cursor is where the snapshot was taken).",
    action: "sync.use",
    query: syncPullQuerySchema.strict(),
    result: results.syncPullResult,
    // Its pages read one snapshot of the rows and the change log, and it may prune the log (sync/retention.ts).
    transaction: "one",
  },
} as const satisfies Record<string, OperationSpec>;
