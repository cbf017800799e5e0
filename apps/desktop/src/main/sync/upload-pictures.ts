/**
 * Before the outbox is pushed, each picture added on this computer is uploaded to the server's own upload
 * (`projects.pictures.add`, which strips and transcodes it with sharp), and the server's picture (its hash
 * and size) takes the pending entry's place, in the project's list and in every op still waiting that names
 * it, so the pushed list names only pictures the server has (docs/design.md §5).
 *
 * - Resumable: the server is first asked which pictures it has (`pictures.known`, by the hash of the bytes
 *   as uploaded); those are never sent again, so an upload whose answer was lost (a crash, a cut line) costs
 *   nothing the next time.
 * - One failure loses nothing: a picture the server refuses or could not take stays pending with its reason,
 *   and the ops that name it are held back (push.ts) while the others go. One it could not take is tried again
 *   at the next sync; one it refused for good (damaged, too large, not a picture: an answer it would repeat)
 *   is not sent again, and the editor shows the reason until the owner removes it. A project not yet on the
 *   server (created offline) gets its pictures after the push that creates it.
 * - The editor still shows an uploaded picture offline: its bytes are kept as the view of the server's
 *   picture (pictures/picture-views.ts) when they leave the pending store.
 * - A pending picture no longer in its project's list (removed, or the project deleted) is never sent: it
 *   leaves the waiting ops' lists and this computer.
 */
import { type KnownPicture, MAX_KNOWN_ASKED, type ProjectPicture, withOneCover } from "@portfolio/core/domain";
import { ApiError, type Transport } from "@portfolio/core/operations/client";
import { readMediaBytes } from "@portfolio/core/services";
import { localPicture, type PendingPicture, pendingPictures } from "../pictures/local-pictures.ts";
import { keepView } from "../pictures/picture-views.ts";
import type { LocalDb } from "./outbox.ts";

export interface UploadOutcome {
  /** The local hashes still pending: the ops naming them wait (push.ts). */
  held: Set<string>;
  /** Some failed only because their project is not on the server yet: worth trying again after the push. */
  afterPush: boolean;
}

type Replacement = Pick<ProjectPicture, "hash" | "width" | "height">;

/** The list with the pending picture `from` replaced by the server's (or taken out, for null). */
export function replacePicture(
  list: readonly ProjectPicture[],
  from: string,
  to: Replacement | null,
): ProjectPicture[] {
  const at = list.findIndex((p) => p.hash === from);
  const current = list[at];
  if (!current) return [...list];
  const others = list.filter((p) => p.hash !== from);
  if (to === null || others.some((p) => p.hash === to.hash)) return withOneCover(others);
  const out = [...others];
  out.splice(at, 0, { ...current, hash: to.hash, width: to.width, height: to.height });
  return out;
}

async function listOf(db: LocalDb, projectId: string): Promise<ProjectPicture[] | undefined> {
  const row = await db.selectFrom("projects").select("pictures").where("id", "=", projectId).executeTakeFirst();
  return row && (JSON.parse(row.pictures) as ProjectPicture[]);
}

/** In one local transaction: the project's list, the waiting ops' lists, the pending mark and the bytes. */
async function settle(db: LocalDb, pending: PendingPicture, to: Replacement | null, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const list = await listOf(trx, pending.projectId);
    if (list) {
      // Written directly, as a pulled row is: the server already has this change, it is no new edit.
      await trx
        .updateTable("projects")
        .set({ pictures: JSON.stringify(replacePicture(list, pending.hash, to)) })
        .where("id", "=", pending.projectId)
        .execute();
    }
    const ops = await trx
      .selectFrom("desktop_outbox")
      .select(["op_id", "fields"])
      .where("entity", "=", "project")
      .where("entity_id", "=", pending.projectId)
      .execute();
    for (const op of ops) {
      const fields = JSON.parse(op.fields) as Record<string, unknown>;
      if (!Array.isArray(fields.pictures)) continue;
      const pictures = replacePicture(fields.pictures as ProjectPicture[], pending.hash, to);
      await trx
        .updateTable("desktop_outbox")
        .set({ fields: JSON.stringify({ ...fields, pictures }) })
        .where("op_id", "=", op.op_id)
        .execute();
    }
    await trx
      .deleteFrom("desktop_picture_uploads")
      .where("hash", "=", pending.hash)
      .where("project_id", "=", pending.projectId)
      .execute();
    const stillNeeded = await trx
      .selectFrom("desktop_picture_uploads")
      .select("hash")
      .where("hash", "=", pending.hash)
      .executeTakeFirst();
    if (!stillNeeded) {
      const bytes = to && (await localPicture(trx, pending.hash));
      if (to && bytes) await keepView(trx, to.hash, bytes, now);
      await trx.deleteFrom("media_chunks").where("key", "=", pending.hash).execute();
      await trx.deleteFrom("media").where("key", "=", pending.hash).execute();
    }
  });
}

async function knownOnServer(server: Transport, hashes: string[]): Promise<Map<string, KnownPicture>> {
  const known = new Map<string, KnownPicture>();
  for (let at = 0; at < hashes.length; at += MAX_KNOWN_ASKED) {
    const answer = await server.call("pictures.known", { hashes: hashes.slice(at, at + MAX_KNOWN_ASKED) });
    for (const picture of answer.pictures) known.set(picture.source, picture);
  }
  return known;
}

/** Answers the server would give again to the same bytes: bad input, too large, a type it refuses. */
const REFUSED_FOR_GOOD = new Set([400, 413, 415, 422]);

async function markFailed(db: LocalDb, pending: PendingPicture, reason: string, refused: boolean): Promise<void> {
  await db
    .updateTable("desktop_picture_uploads")
    .set({ last_error: reason, refused: refused ? 1 : 0 })
    .where("hash", "=", pending.hash)
    .where("project_id", "=", pending.projectId)
    .execute();
}

export async function uploadPendingPictures(options: {
  db: LocalDb;
  server: Transport;
  log: (line: string) => void;
  now: () => Date;
}): Promise<UploadOutcome> {
  const { db, server, now } = options;
  const outcome: UploadOutcome = { held: new Set(), afterPush: false };
  const waiting: { pending: PendingPicture; picture: ProjectPicture }[] = [];
  for (const pending of await pendingPictures(db)) {
    const picture = (await listOf(db, pending.projectId))?.find((p) => p.hash === pending.hash);
    if (picture) waiting.push({ pending, picture });
    else await settle(db, pending, null, now());
  }
  if (waiting.length === 0) return outcome;
  // A network failure here fails the sync as a whole (retried with backoff); nothing was changed yet.
  const known = await knownOnServer(server, [...new Set(waiting.map((w) => w.pending.hash))]);
  for (const { pending, picture } of waiting) {
    const already = known.get(pending.hash);
    if (already) {
      await settle(db, pending, already, now());
      continue;
    }
    if (pending.refused) {
      outcome.held.add(pending.hash);
      continue;
    }
    try {
      const uploaded = await server.call("projects.pictures.add", {
        id: pending.projectId,
        file: new Uint8Array(await readMediaBytes(db, pending.hash)),
        alt: picture.alt,
        ...(picture.caption === "" ? {} : { caption: picture.caption }),
      });
      await settle(db, pending, uploaded, now());
    } catch (error) {
      // Unreachable or signed out: the sync stops here, as a push would; the rest waits for the next one.
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      const reason = error.serverMessage ?? `The server answered with status ${error.status}.`;
      options.log(`Picture ${pending.hash} not uploaded: ${reason}`);
      await markFailed(db, pending, reason, REFUSED_FOR_GOOD.has(error.status));
      outcome.held.add(pending.hash);
      if (error.status === 404) outcome.afterPush = true;
    }
  }
  return outcome;
}
