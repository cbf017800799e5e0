/**
 * 'Needs attention': the conflicts and rejections the push filed, and the owner's three answers.
 * - Keep mine (a conflict): the same change goes again as a NEW op based on the server's version now
 *   (the server answers an op id once, so the old one cannot be re-sent); for a project deleted on the
 *   server, every field of the local row, which restores it; a delete is re-sent as a delete.
 * - Use server (a conflict): the server's row replaces the local one (fields other changes still wait
 *   on are left alone), or the project goes when the server deleted it; the op is dropped.
 * - Discard (a rejection, or any waiting change): the op is dropped and the fields it changed go back
 *   to the server's values as last seen; a discarded creation removes the project and its later edits,
 *   which the server never had; a discarded delete brings the row back.
 * Each answer is one local transaction.
 */
import { randomUUID } from "node:crypto";
import { Invalid, NotFound, type SyncConflict, type SyncOp } from "@portfolio/core/domain";
import type { AttentionItem } from "../../shared/desktop-operations.ts";
import { deleteLocalProject, localFields, syncedFields, writeLocalProfile, writeLocalProject } from "./local-rows.ts";
import {
  appendOp,
  attentionOps,
  dropEntityOps,
  dropOp,
  findOp,
  type LocalDb,
  type OutboxEntry,
  waitingOn,
} from "./outbox.ts";
import { recordServerState, serverState } from "./server-state.ts";

export const NO_SUCH_CHANGE = "This change is no longer waiting: it was synced or already resolved.";
export const ONLY_CONFLICTS = "Only a conflict offers this choice; a rejected change can only be discarded.";
const PROFILE_TITLE = "Site profile";

export async function attentionItems(db: LocalDb): Promise<AttentionItem[]> {
  const items: AttentionItem[] = [];
  for (const entry of await attentionOps(db)) {
    const { op, result } = entry;
    if (!result) continue;
    const conflict = result.status === "conflict" ? result : null;
    items.push({
      opId: op.opId,
      entity: op.entity,
      entityId: op.entityId,
      title: await titleOf(db, op, conflict),
      kind: result.status,
      message: result.message,
      fields: conflict ? conflict.fields : Object.keys(op.fields),
      mine: op.fields,
      server: conflict?.server ? syncedFields(op.entity, conflict.server) : null,
    });
  }
  return items;
}

async function titleOf(db: LocalDb, op: SyncOp, conflict: SyncConflict | null): Promise<string> {
  if (op.entity === "profile") return PROFILE_TITLE;
  const local = await localFields(db, "project", op.entityId);
  const candidates = [local?.title, op.fields.title, (conflict?.server as { title?: unknown } | null)?.title];
  const title = candidates.find((value): value is string => typeof value === "string" && value !== "");
  return title ?? "Deleted project";
}

async function requireEntry(db: LocalDb, opId: string): Promise<OutboxEntry> {
  const entry = await findOp(db, opId);
  if (!entry) throw new NotFound(NO_SUCH_CHANGE);
  return entry;
}

function requireConflict(entry: OutboxEntry): SyncConflict {
  if (entry.result?.status !== "conflict") throw new Invalid(ONLY_CONFLICTS);
  return entry.result;
}

export async function keepMine(db: LocalDb, opId: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const entry = await requireEntry(trx, opId);
    const conflict = requireConflict(entry);
    const { op } = entry;
    let fields = op.fields;
    if (op.kind === "upsert" && conflict.server === null) {
      // Deleted on the server: restore it with every field as it is here.
      fields = (await localFields(trx, op.entity, op.entityId)) ?? op.fields;
    }
    await dropOp(trx, opId);
    await appendOp(trx, {
      ...op,
      opId: randomUUID(),
      fields,
      baseVersion: conflict.serverVersion,
      at: now.toISOString(),
    });
  });
}

export async function useServer(db: LocalDb, opId: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const entry = await requireEntry(trx, opId);
    const conflict = requireConflict(entry);
    const { op } = entry;
    const others = await waitingOn(trx, op.entity, op.entityId, opId);
    await dropOp(trx, opId);
    if (conflict.server === null) {
      await recordServerState(trx, op.entity, op.entityId, { version: conflict.serverVersion, row: null });
      if (op.entity === "project" && !others.any) await deleteLocalProject(trx, op.entityId);
      return;
    }
    const row = syncedFields(op.entity, conflict.server);
    const createdAt = (conflict.server as { createdAt?: string }).createdAt;
    await recordServerState(trx, op.entity, op.entityId, {
      version: conflict.serverVersion,
      row: { ...row, createdAt },
    });
    if (op.entity === "profile") await writeLocalProfile(trx, row, others.fields);
    else await writeLocalProject(trx, op.entityId, { ...row, createdAt }, others.fields, now);
  });
}

export async function discard(db: LocalDb, opId: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { op } = await requireEntry(trx, opId);
    const others = await waitingOn(trx, op.entity, op.entityId, opId);
    await dropOp(trx, opId);
    const known = await serverState(trx, op.entity, op.entityId);
    if (op.entity === "profile") {
      if (known?.row) await writeLocalProfile(trx, pick(known.row, Object.keys(op.fields), others.fields));
      return;
    }
    if (!known?.row) {
      if (known === undefined && op.kind === "upsert") {
        // A creation the server never saw: the project and its later edits go with it.
        await dropEntityOps(trx, op.entity, op.entityId);
        await deleteLocalProject(trx, op.entityId);
      }
      return;
    }
    const local = await localFields(trx, "project", op.entityId);
    if (!local) {
      // A discarded delete: the row comes back as the server has it.
      await writeLocalProject(trx, op.entityId, known.row, others.fields, now);
      return;
    }
    const revert = pick(known.row, Object.keys(op.fields), others.fields);
    if (Object.keys(revert).length > 0) {
      await writeLocalProject(trx, op.entityId, { ...local, ...revert }, new Set(), now);
    }
  });
}

/** The given fields of a row, except those another waiting change still holds. */
function pick(row: Record<string, unknown>, fields: string[], except: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) if (!except.has(field) && field in row) out[field] = row[field];
  return out;
}
