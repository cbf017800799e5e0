/** The audit log's filters and paging (`GET /api/admin/audit`). Browser-safe. */
import { z } from "zod";
import { withoutControlCharacters } from "./control-characters.ts";
import { MAX_DB_INTEGER } from "./database-limits.ts";

/**
 * `?limit=&before=`: newest first, `before` being the `next` of the previous page. The audit log pages this
 * way, and so does every history.
 */
export const pagingQuerySchema = z.object({
  /** The `next` of the previous page: entries older than this one. */
  before: z.coerce
    .number({ error: "before must be a number." })
    .int("before must be a whole number.")
    .min(0, "before must be a whole number, 0 or more.")
    .max(MAX_DB_INTEGER, `before must be at most ${MAX_DB_INTEGER}.`)
    .optional(),
  limit: z.coerce
    .number({ error: "limit must be a number." })
    .int()
    .min(1, "limit must be 1 to 200.")
    .max(200, "limit must be 1 to 200.")
    .default(50),
});

export const auditQuerySchema = z.object({
  actor: z
    .string()
    .trim()
    .max(64)
    .refine(...withoutControlCharacters("actor"))
    .optional(),
  /** An action ("user.delete") or a kind prefix ("user", "project", "role", "auth", "settings", "token"). */
  kind: z
    .string()
    .trim()
    .regex(/^[a-z_.]{1,40}$/, "kind must be an action such as user.delete or a prefix such as user.")
    .optional(),
  ...pagingQuerySchema.shape,
});

/**
 * `GET /api/admin/audit/verify?head=<entry id>:<hash>`: a head saved earlier (printed by a backup, shown in
 * the panel); the chain must still reach it, so entries cut off the end are found.
 */
export const auditVerifyQuerySchema = z.object({
  head: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,64}:[0-9a-f]{64}$/, "head must be an entry id and its hash, as <id>:<hash>.")
    .optional(),
});
