/**
 * The desktop sync operations (issue 11; protocol in ../sync.ts). Device tokens are minted only with a
 * browser session (a token never mints another); push and pull take either credential.
 */
import { z } from "zod";
import {
  type DeviceTokenView,
  deviceTokenBodySchema,
  type IssuedDeviceToken,
  type SyncPullAnswer,
  type SyncPushAnswer,
  syncPullQuerySchema,
  syncPushBodySchema,
} from "../sync.ts";
import type { OperationSpec } from "./define.ts";
import { returns } from "./returns.ts";

export const syncOperations = {
  "sync.tokens.create": {
    method: "POST",
    path: "/api/sync/tokens",
    summary: "Creates a named device token for the desktop app; the token is in this answer only.",
    action: "sync.use",
    status: 201,
    body: deviceTokenBodySchema.strict(),
    result: returns<IssuedDeviceToken>(),
    credentials: ["session"],
  },
  "sync.tokens.list": {
    method: "GET",
    path: "/api/sync/tokens",
    summary: "Your own device tokens with name, creation and last use; never the token.",
    action: "sync.use",
    result: returns<{ tokens: DeviceTokenView[] }>(),
  },
  "sync.tokens.revoke": {
    method: "DELETE",
    path: "/api/sync/tokens/{id}",
    summary: "Revokes one of your own device tokens.",
    action: "sync.use",
    // The API's id form: a NUL or a stray byte never reaches the database (SECURITY 28).
    params: z.object({ id: z.uuid({ error: "id must be a UUID." }) }).strict(),
    status: 204,
    result: returns<void>(),
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
    result: returns<SyncPushAnswer>(),
  },
  "sync.pull": {
    method: "GET",
    path: "/api/sync/pull",
    summary:
      "Changes after the cursor `since`, each entity in its current state; no, unknown or expired cursor: a " +
      "full snapshot with reset: true.",
    action: "sync.use",
    query: syncPullQuerySchema.strict(),
    result: returns<SyncPullAnswer>(),
  },
} as const satisfies Record<string, OperationSpec>;
