/**
 * Applies one sync op through the same operations and policy as the HTTP API, inside the push's transaction:
 * `ctx.prepare` checks the operation's policy and parses the op's fields once, the conflict check reads that
 * parsed input, and `run` applies it (the create takes the client's id, so it calls the service behind
 * `projects.create` with the input prepared for it). Answers `applied` or `conflict`; a refusal (validation,
 * permission, unknown id) is thrown as the DomainError the API would answer, and becomes the op's `rejected`
 * result.
 *
 * Conflicts come from the change log: only fields that someone else (the web, another desktop) changed
 * since the op's base version, to a value other than the op's, conflict; other fields merge. A project's
 * picture list changed on both sides never conflicts: the two lists are merged against the base version's
 * (domain/pictures-merge.ts).
 */
import type { Db, ProjectRow } from "../data/schema.ts";
import { Forbidden, Invalid, NotFound } from "../domain/errors.ts";
import { type ProjectFieldsView, projectFieldsOfVersion } from "../domain/history.ts";
import type { ProjectPicture } from "../domain/pictures.ts";
import { mergePictureLists } from "../domain/pictures-merge.ts";
import { picturesSchema } from "../domain/pictures-schema.ts";
import {
  baseAheadMessage,
  PROFILE_ENTITY_ID,
  SYNC_FIELDS,
  SYNC_MESSAGES,
  type SyncApplied,
  type SyncConflict,
  type SyncEntity,
  type SyncOp,
  type SyncRow,
  someKeys,
} from "../domain/sync.ts";
import { assertAction } from "../operations/assert-action.ts";
import type { OperationContext } from "../operations/context.ts";
import { type ChangeOrigin, changesSince, lastChange, profileVersion } from "../services/change-log.ts";
import { can } from "../services/policy.ts";
import { findProjectVersion } from "../services/project-history.service.ts";
import { createProject } from "../services/projects.service.ts";
import { toProject } from "../services/projects.table.ts";
import { getSiteProfile } from "../services/site-profile.service.ts";

export type AppliedOrConflict = SyncApplied | SyncConflict;

interface OpScope {
  /** The caller's actor, a core whose database is the push's transaction, and the runner's `prepare`. */
  ctx: OperationContext;
  /** The pushing desktop and where its push's own changes begin in the log: never a conflict with itself. */
  mine: ChangeOrigin;
}

export function applyOp(scope: OpScope, op: SyncOp): Promise<AppliedOrConflict> {
  return op.entity === "profile" ? applyProfileOp(scope, op) : applyProjectOp(scope, op);
}

// ---- helpers ----

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function assertKnownFields(entity: SyncEntity, fields: Record<string, unknown>): void {
  const known: readonly string[] = SYNC_FIELDS[entity];
  const unknown = Object.keys(fields).filter((field) => !known.includes(field));
  if (unknown.length > 0) throw new Invalid(`Unknown ${entity} field: ${someKeys(unknown)}.`);
}

/**
 * A base newer than the server's version was never handed out by this server: applying it would overwrite
 * whatever the server holds without a conflict check, so the op is refused instead.
 */
function assertBaseKnown(op: SyncOp, serverVersion: number): void {
  if (op.baseVersion > serverVersion) throw new Invalid(baseAheadMessage(op.baseVersion, serverVersion));
}

/** The op's fields that others changed since its base, to a different value than the op's. */
async function clashingFields(db: Db, scope: OpScope, op: SyncOp, parsed: object, current: object): Promise<string[]> {
  const since = await changesSince(db, op.entity, op.entityId, op.baseVersion, scope.mine);
  const now = current as Record<string, unknown>;
  const next = parsed as Record<string, unknown>;
  return Object.keys(op.fields).filter((field) => since.fields.has(field) && !same(next[field], now[field]));
}

function conflict(
  op: SyncOp,
  message: string,
  fields: string[],
  server: SyncRow | null,
  serverVersion: number,
): SyncConflict {
  return { opId: op.opId, status: "conflict", message, fields, server, serverVersion };
}

function applied(op: SyncOp, version: number): SyncApplied {
  return { opId: op.opId, status: "applied", version };
}

// ---- projects ----

async function applyProjectOp(scope: OpScope, op: SyncOp): Promise<AppliedOrConflict> {
  const db = scope.ctx.core.db;
  const row = await db.selectFrom("projects").selectAll().where("id", "=", op.entityId).executeTakeFirst();
  if (op.kind === "delete") return row ? deleteProject(scope, op, row) : deleteGoneProject(scope, op);
  assertKnownFields("project", op.fields);
  return row ? updateProject(scope, op, row) : createProjectFromOp(scope, op);
}

/** Both sides changed the picture list since the op's base: the merged list, else undefined. */
async function mergedPictures(scope: OpScope, op: SyncOp, row: ProjectRow): Promise<ProjectPicture[] | undefined> {
  if (!("pictures" in op.fields) || row.version <= op.baseVersion) return undefined;
  const db = scope.ctx.core.db;
  const since = await changesSince(db, "project", op.entityId, op.baseVersion, scope.mine);
  if (!since.fields.has("pictures")) return undefined;
  // A list the schema refuses is left to the edit, which refuses it with its message.
  const mine = picturesSchema.safeParse(op.fields.pictures);
  if (!mine.success) return undefined;
  const kept = await findProjectVersion(db, op.entityId, op.baseVersion);
  const base = kept ? projectFieldsOfVersion(JSON.parse(kept.fields) as ProjectFieldsView).pictures : undefined;
  return mergePictureLists(base, JSON.parse(row.pictures) as ProjectPicture[], mine.data);
}

async function updateProject(scope: OpScope, op: SyncOp, row: ProjectRow): Promise<AppliedOrConflict> {
  const { ctx } = scope;
  const merged = await mergedPictures(scope, op, row);
  // The version read above goes with the edit, so the check and the write cannot drift apart. The policy is
  // checked here, and the fields parsed once (as the schema reads them, to compare with the server's).
  const update = ctx.prepare("projects.update", {
    params: { id: op.entityId },
    query: {},
    body: { ...op.fields, ...(merged ? { pictures: merged } : {}), version: row.version },
  });
  assertBaseKnown(op, row.version);
  if (row.version > op.baseVersion) {
    const current = toProject(row);
    const clashing = await clashingFields(ctx.core.db, scope, op, update.input, current);
    const fields = merged ? clashing.filter((field) => field !== "pictures") : clashing;
    if (fields.length > 0) return conflict(op, SYNC_MESSAGES.changedOnServer, fields, current, row.version);
  }
  if (Object.keys(op.fields).length === 0) return { opId: op.opId, status: "applied", version: row.version };
  const project = await update.run();
  return applied(op, project.version);
}

/** No such row: a new project, one the client restores ('Keep mine'), or an edit of one deleted meanwhile. */
async function createProjectFromOp(scope: OpScope, op: SyncOp): Promise<AppliedOrConflict> {
  const { ctx } = scope;
  const db = ctx.core.db;
  const since =
    op.baseVersion > 0 ? await changesSince(db, "project", op.entityId, op.baseVersion, scope.mine) : undefined;
  if (since?.deletedAt !== undefined) {
    assertAction(ctx.actor, "projects.update");
    return conflict(op, SYNC_MESSAGES.deletedOnServer, Object.keys(op.fields), null, since.deletedAt);
  }
  const create = ctx.prepare("projects.create", { params: {}, query: {}, body: op.fields });
  // An id still in the trash is a restore, not a create: it needs what the trash's own restore needs
  // (docs/security.md: every way in obeys the same rule), else a creator could empty the trash with it.
  const mayRestore = can(ctx.actor, "trash.manage");
  if (!mayRestore) {
    const trashed = db.selectFrom("trash").select("id").where("type", "=", "project").where("id", "=", op.entityId);
    if (await trashed.executeTakeFirst()) throw new Forbidden(SYNC_MESSAGES.trashedProject);
  }
  // A restored project continues its version numbers, so base versions stay comparable with the log.
  const last = await lastChange(db, "project", op.entityId);
  assertBaseKnown(op, last?.version ?? 0);
  const project = await createProject(ctx.core, ctx.actor, create.input, {
    id: op.entityId,
    version: (last?.version ?? 0) + 1,
  });
  // Brought back (an offline Undo, or 'Keep mine' on a delete) by one who may restore: it leaves the trash.
  if (mayRestore) await db.deleteFrom("trash").where("type", "=", "project").where("id", "=", op.entityId).execute();
  return applied(op, project.version);
}

async function deleteProject(scope: OpScope, op: SyncOp, row: ProjectRow): Promise<AppliedOrConflict> {
  const { ctx } = scope;
  const remove = ctx.prepare("projects.delete", { params: { id: op.entityId }, query: {}, body: undefined });
  assertBaseKnown(op, row.version);
  if (row.version > op.baseVersion) {
    const since = await changesSince(ctx.core.db, "project", op.entityId, op.baseVersion, scope.mine);
    if (since.any) {
      return conflict(op, SYNC_MESSAGES.editedBeforeDelete, [...since.fields], toProject(row), row.version);
    }
  }
  await remove.run();
  return applied(op, row.version + 1);
}

/** Deleting what is already deleted loses nothing: the same intent, answered with the deletion's version. */
async function deleteGoneProject(scope: OpScope, op: SyncOp): Promise<AppliedOrConflict> {
  assertAction(scope.ctx.actor, "projects.delete");
  const last = await lastChange(scope.ctx.core.db, "project", op.entityId);
  if (last?.deleted) {
    assertBaseKnown(op, last.version);
    return { opId: op.opId, status: "applied", version: last.version };
  }
  throw new NotFound("Project not found.");
}

// ---- the site profile ----

async function applyProfileOp(scope: OpScope, op: SyncOp): Promise<AppliedOrConflict> {
  const { ctx } = scope;
  const db = ctx.core.db;
  if (op.entityId !== PROFILE_ENTITY_ID) throw new Invalid(SYNC_MESSAGES.profileId);
  if (op.kind === "delete") throw new Invalid(SYNC_MESSAGES.profileDelete);
  const current = await getSiteProfile(db);
  // profile.update takes the whole profile: the op's fields over the server's others (they merge).
  const update = ctx.prepare("profile.update", { params: {}, query: {}, body: { ...current, ...op.fields } });
  assertKnownFields("profile", op.fields);
  const version = await profileVersion(db);
  assertBaseKnown(op, version);
  if (version > op.baseVersion) {
    const fields = await clashingFields(db, scope, op, update.input, current);
    if (fields.length > 0) return conflict(op, SYNC_MESSAGES.changedOnServer, fields, current, version);
  }
  if (Object.keys(op.fields).length === 0) return { opId: op.opId, status: "applied", version };
  await update.run();
  return applied(op, await profileVersion(db));
}
