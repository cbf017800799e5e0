/**
 * What a restore checks about one row before inserting it, and how it words a row the database refused.
 *
 * Both say the same thing on SQLite and PostgreSQL, so a backup refused on one dialect is refused on the
 * other with the same message (docs/security.md, promise 28: a backup of one dialect always restores into the other, so a
 * value only one of them can hold, such as a NUL character or an integer past 32 bits, is refused on both).
 */
import type { ColumnMetadata } from "kysely";

export type Value = string | number | null;
export type Row = Record<string, Value>;

/** The schema stores integers as pg `integer` (32 bits), which SQLite's 64-bit integers must fit too. */
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

type Kind = "integer" | "text" | "bytes" | "other";

function kindOf(column: ColumnMetadata): Kind {
  if (/int/i.test(column.dataType)) return "integer";
  if (/blob|bytea/i.test(column.dataType)) return "bytes";
  if (/text|char/i.test(column.dataType)) return "text";
  return "other";
}

/** How a file carries a bytes column (a picture's chunk): standard base64, padded. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A row as the database takes it: bytes columns (base64 in the file) as bytes, on either dialect. */
export function insertableRow(row: Row, columns: ReadonlyMap<string, ColumnMetadata>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  for (const [name, value] of Object.entries(row)) {
    const column = columns.get(name);
    if (column && kindOf(column) === "bytes" && typeof value === "string") out[name] = Buffer.from(value, "base64");
  }
  return out;
}

/** A lone UTF-16 surrogate: neither driver can store it, both would replace it silently. */
const LONE_SURROGATE = /\p{Cs}/u;

function describe(value: unknown): string {
  if (Array.isArray(value)) return "a list";
  return value === null ? "null" : `a ${typeof value}`;
}

function valueProblem(name: string, column: ColumnMetadata, value: unknown): string | undefined {
  if (value === null) return column.isNullable ? undefined : `column ${name} is null, but it is required`;
  const kind = kindOf(column);
  if (kind === "integer") {
    if (typeof value !== "number" || !Number.isInteger(value) || value < INT32_MIN || value > INT32_MAX) {
      return `column ${name} must be a whole number from ${INT32_MIN} to ${INT32_MAX}, not ${typeof value === "number" ? value : describe(value)}`;
    }
    return undefined;
  }
  if (kind === "text" && typeof value !== "string") return `column ${name} must be text, not ${describe(value)}`;
  if (kind === "bytes") {
    return typeof value === "string" && BASE64.test(value) ? undefined : `column ${name} must be bytes in base64`;
  }
  if (typeof value !== "string" && typeof value !== "number") return `column ${name} holds ${describe(value)}`;
  if (typeof value === "string" && value.includes("\u0000")) {
    return `column ${name} holds a NUL character, which PostgreSQL cannot store`;
  }
  if (typeof value === "string" && LONE_SURROGATE.test(value)) {
    return `column ${name} holds an unpaired UTF-16 surrogate, which is not text`;
  }
  return undefined;
}

/**
 * Why `row` cannot go into a table with `columns` (by name), or undefined when it fits. Column names are
 * looked up as the Map's own entries, so `__proto__` or `constructor` in a row are unknown columns.
 */
export function rowProblem(row: Record<string, unknown>, columns: ReadonlyMap<string, ColumnMetadata>): string | undefined {
  for (const [name, value] of Object.entries(row)) {
    const column = columns.get(name);
    if (!column) return `the table has no column ${JSON.stringify(name)}`;
    const problem = valueProblem(name, column, value);
    if (problem) return problem;
  }
  for (const [name, column] of columns) {
    const filledByDatabase = column.isNullable || column.hasDefaultValue || column.isAutoIncrementing;
    if (!filledByDatabase && !Object.hasOwn(row, name)) return `column ${name} is missing`;
  }
  return undefined;
}

const MAX_REASON_LENGTH = 200;

/** Column names out of SQLite's "UNIQUE constraint failed: projects.id, projects.x" or pg's detail "Key (id)=(...)". */
function constraintColumns(error: { message?: unknown; detail?: unknown; column?: unknown }): string | undefined {
  if (typeof error.column === "string") return error.column;
  const pg = typeof error.detail === "string" ? /^Key \(([^)]*)\)/.exec(error.detail) : null;
  if (pg?.[1]) return pg[1];
  const sqlite = typeof error.message === "string" ? /constraint failed: (.+)$/.exec(error.message) : null;
  return sqlite?.[1]
    ?.split(", ")
    .map((qualified) => qualified.slice(qualified.indexOf(".") + 1))
    .join(", ");
}

/** A database's refusal of one row, in a few words that read the same on both dialects. */
export function insertFailureReason(error: unknown): string {
  const e = (error ?? {}) as { code?: unknown; message?: unknown; detail?: unknown; column?: unknown };
  const columns = constraintColumns(e);
  switch (e.code) {
    case "23505":
    case "SQLITE_CONSTRAINT_UNIQUE":
    case "SQLITE_CONSTRAINT_PRIMARYKEY":
      return `another row has the same ${columns ?? "key"}`;
    case "23503":
    case "SQLITE_CONSTRAINT_FOREIGNKEY":
      return "it refers to a row that the backup does not hold before it";
    case "23502":
    case "SQLITE_CONSTRAINT_NOTNULL":
      return `column ${columns ?? "?"} is null, but it is required`;
  }
  const message = typeof e.message === "string" ? (e.message.split("\n")[0] ?? "") : String(error);
  return message.length > MAX_REASON_LENGTH ? `${message.slice(0, MAX_REASON_LENGTH)}…` : message;
}
