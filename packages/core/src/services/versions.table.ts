/**
 * The `versions` table: the site profile and each role as they stood after every change, written
 * in the change's own transaction, read back newest first and paged like the audit log. Projects keep theirs
 * in `project_versions` (project-history.service.ts), with the same shape of answer.
 */
import type { Insertable } from "kysely";
import type { z } from "zod";
import type { Db, VersionsTable } from "../data/schema.ts";
import { Conflict } from "../domain/errors.ts";
import type { HistoryAnswer, HistoryItem } from "../domain/history.ts";
import type { RowsAlongside } from "./audit-chain.ts";
import type { Actor } from "./context.ts";

export type VersionSubject = "profile" | "role";
export type VersionAction = "edit" | "restore" | "before-history";

export interface Subject {
  subject: VersionSubject;
  id: string;
}

/** A version to keep: the whole thing after the change, and its version number. */
export interface KeptVersion<F> {
  version: number;
  at: string;
  fields: F;
}

/** Who made a version, as stored: a user's id and name, a system job's reason. */
export function versionActor(actor: Actor) {
  return {
    actor_id: actor.kind === "user" ? actor.id : null,
    actor_name: actor.kind === "user" ? actor.username : actor.kind === "system" ? `system (${actor.reason})` : null,
  };
}

/**
 * The version rows a change keeps: `after`, and when the version it replaced was never kept (the subject was
 * never changed since history began) `before` too, as 'before-history', so the state the first change
 * replaced can be restored. Written as projects' are: with the change's audit entry, in one statement, a
 * version already kept left as it is (`recordAudit`'s `alongside`).
 */
export function versionRows<F>(
  of: Subject,
  actor: Actor,
  action: Exclude<VersionAction, "before-history">,
  after: KeptVersion<F>,
  before: KeptVersion<F>,
): RowsAlongside {
  const subject = { subject: of.subject, subject_id: of.id };
  const rows: Insertable<VersionsTable>[] = [
    {
      ...subject,
      version: before.version,
      at: before.at,
      actor_id: null,
      actor_name: null,
      action: "before-history",
      fields: JSON.stringify(before.fields),
    },
    {
      ...subject,
      version: after.version,
      at: after.at,
      ...versionActor(actor),
      action,
      fields: JSON.stringify(after.fields),
    },
  ];
  return { table: "versions", key: ["subject", "subject_id", "version"], rows };
}

/** The newest version number kept for this subject, or undefined when none is. */
export async function latestVersion(db: Db, of: Subject): Promise<number | undefined> {
  const row = await db
    .selectFrom("versions")
    .select("version")
    .where("subject", "=", of.subject)
    .where("subject_id", "=", of.id)
    .orderBy("version", "desc")
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.version);
}

export async function findVersion<F>(db: Db, of: Subject, version: number): Promise<F | undefined> {
  const row = await db
    .selectFrom("versions")
    .select("fields")
    .where("subject", "=", of.subject)
    .where("subject_id", "=", of.id)
    .where("version", "=", version)
    .executeTakeFirst();
  return row === undefined ? undefined : (JSON.parse(row.fields) as F);
}

/**
 * A kept version read back through today's schema before it is restored: a version row that someone who can
 * write the database altered, or that a looser schema of the past let through, is refused (409) and never
 * written (docs/security.md, "database holder"). `what` names it: "the site profile", "the role".
 */
export function restorableVersion<S extends z.ZodType>(schema: S, fields: unknown, what: string): z.output<S> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const problem = result.error.issues[0]?.message ?? "it is not valid.";
  throw new Conflict(`That version of ${what} does not pass today's checks, so it cannot be restored: ${problem}`);
}

function toItem<F>(row: VersionsTable): HistoryItem<F> {
  return {
    version: Number(row.version),
    at: row.at,
    actor: row.actor_name === null ? null : { id: row.actor_id, username: row.actor_name },
    action: row.action,
    fields: JSON.parse(row.fields) as F,
  };
}

/**
 * One page, newest first. A subject never changed since history began has one known version: `current`
 * (on the first page only), so every history has at least the state it is in.
 */
export async function listVersions<F>(
  db: Db,
  of: Subject,
  page: { before?: number; limit: number },
  current: () => Promise<KeptVersion<F>>,
): Promise<HistoryAnswer<F>> {
  let select = db.selectFrom("versions").selectAll().where("subject", "=", of.subject).where("subject_id", "=", of.id);
  if (page.before !== undefined) select = select.where("version", "<", page.before);
  const rows = await select
    .orderBy("version", "desc")
    .limit(page.limit + 1)
    .execute();
  const items = rows.slice(0, page.limit);
  if (items.length === 0 && page.before === undefined) {
    const known = await current();
    return {
      items: [{ version: known.version, at: known.at, actor: null, action: "before-history", fields: known.fields }],
      next: null,
    };
  }
  return {
    items: items.map((row) => toItem<F>(row)),
    next: rows.length > page.limit ? Number(items.at(-1)?.version) : null,
  };
}
