/**
 * The Users tab's paging, search and filters (`GET /api/admin/users`). Browser-safe.
 * Without any of these the answer is every user (the spec's answer, fine for a few thousand users); with
 * any of them, one page in the spec's order (rank, then username) and `next` to continue.
 */
import { z } from "zod";
import { withoutControlCharacters } from "./control-characters.ts";

export const USERS_PAGE_DEFAULT = 50;
export const USERS_PAGE_MAX = 200;
export const USER_ROLE_FILTERS = ["owner", "admin", "moderator", "user", "custom"] as const;
export const USER_STATUS_FILTERS = ["active", "inactive", "deactivated"] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];

const limitMessage = `limit must be 1 to ${USERS_PAGE_MAX}.`;

export const usersQuerySchema = z.object({
  limit: z.coerce
    .number({ error: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(USERS_PAGE_MAX, limitMessage)
    .optional(),
  /** The `next` of the previous page. */
  cursor: z
    .string()
    .max(200, "cursor is too long.")
    .regex(/^[A-Za-z0-9_-]+$/, "cursor is not valid: pass the next of the previous page.")
    .optional(),
  /** A username or e-mail prefix, without regard to case. */
  q: z
    .string()
    .trim()
    .min(1, "q must not be empty.")
    .max(254, "q must be at most 254 characters long.")
    .refine(...withoutControlCharacters("q"))
    .optional(),
  /** A role as the Users tab shows it (custom: permissions that match no role exactly). */
  role: z.enum(USER_ROLE_FILTERS, { error: `role must be one of ${USER_ROLE_FILTERS.join(", ")}.` }).optional(),
  /** active; inactive (never activated); deactivated (by staff). */
  status: z.enum(USER_STATUS_FILTERS, { error: `status must be one of ${USER_STATUS_FILTERS.join(", ")}.` }).optional(),
});

export type UsersQuery = z.output<typeof usersQuerySchema>;

/** Where a page ended, in the list's order: opaque to clients (base64url JSON). */
export interface UsersCursor {
  rank: number;
  key: string;
}
