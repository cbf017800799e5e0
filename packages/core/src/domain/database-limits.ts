/**
 * What both databases can hold (docs/security.md, promise 28). SQLite stores nearly anything in any column, PostgreSQL refuses
 * a NUL in text and a number past its column's range with an error: input is held to the stricter of the two
 * where it enters, so the same request gets the same 4xx on either, and a backup of one restores into the
 * other. Browser-safe.
 */
import { z } from "zod";

/** PostgreSQL's `integer`, the type of every version, sequence and count column. */
export const MAX_DB_INTEGER = 2_147_483_647;

/**
 * An id of a row, as the API makes them (`crypto.randomUUID()`): whatever path, body or sync op it arrives in,
 * anything else is refused before a query is built from it.
 */
export function idSchema(field: string) {
  const message = `${field} must be a UUID.`;
  return z.uuid({ error: message });
}

/** The path parameter `{id}` of every call that names a row. */
export const idParamSchema = z.object({ id: idSchema("id") }).strict();
