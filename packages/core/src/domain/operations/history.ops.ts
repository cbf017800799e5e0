/**
 * History and restore of the site profile and the roles (docs/security.md, promise 32), shaped like a project's
 * (`projects.history`, `projects.restore`): newest first, paged like the audit log, and a restore that is an
 * edit like any other, under the same rules as that edit.
 */
import { z } from "zod";
import { historyQuerySchema, profileRestoreBodySchema, roleRestoreBodySchema } from "../history.ts";
import type { OperationSpec } from "./define.ts";
import * as results from "./results.ts";

/** `{roleKey}` in a role's path, as the role edit takes it. */
export const roleKeyParamSchema = z.object({ roleKey: z.string().max(40, "roleKey is too long.") }).strict();

export const historyOperations = {
  "profile.history": {
    method: "GET",
    path: "/api/admin/settings/profile/history",
    summary:
      "The site profile's versions, newest first, each with who, when and the whole profile after that change (version 0: before its first change); paged like the audit log.",
    action: "settings.history",
    query: historyQuerySchema.strict(),
    result: results.siteProfileHistoryResult,
  },
  "profile.restore": {
    method: "POST",
    path: "/api/admin/settings/profile/restore",
    summary:
      "Brings a version of the site profile back as a new version (owner only; audited, synced to desktops); a stale baseVersion answers 409 with the current profile.",
    action: "settings.update",
    body: profileRestoreBodySchema.strict(),
    result: results.siteProfileResult,
    statuses: [409],
  },
  "roles.history": {
    method: "GET",
    path: "/api/admin/roles/{roleKey}/history",
    summary:
      "A role's versions, newest first, each with who, when and the whole role after that change; paged like the audit log.",
    action: "roles.view",
    params: roleKeyParamSchema,
    query: historyQuerySchema.strict(),
    result: results.roleHistoryResult,
  },
  "roles.restore": {
    method: "POST",
    path: "/api/admin/roles/{roleKey}/restore",
    summary:
      "Sets a role (and its members) back to a version's permissions under every rule of a role edit; `dryRun` answers who would change, changing nothing.",
    action: "roles.update",
    params: roleKeyParamSchema,
    body: roleRestoreBodySchema.strict(),
    result: results.roleUpdateResult,
    // No two roles may end up with one set, whatever another admin does meanwhile.
    transaction: "serializable",
  },
} as const satisfies Record<string, OperationSpec>;
