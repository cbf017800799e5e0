/**
 * What the editor shows for one of a project's pictures (the `desktop.picture` call): the bytes kept on this
 * computer (a picture added here), else the view kept from before (picture-views.ts), else the server's small
 * WebP variant through its public /media address while the server answers (kept for next time), each as a
 * data: URL (the renderer's CSP allows data: images and no other origin, docs/security.md promise 18), else
 * nothing, and the editor says the picture is not on this computer.
 */
import { mediaPath } from "@portfolio/core/domain";
import type { EditorPicture } from "../../shared/desktop-operations.ts";
import type { LocalDb } from "../sync/outbox.ts";
import { localPicture, uploadState } from "./local-pictures.ts";
import { keepView, keptView, type PictureView } from "./picture-views.ts";

/** A variant is at most a few hundred KB; a larger answer is not what was asked for. */
const MAX_VARIANT_BYTES = 2 * 1024 * 1024;

export async function editorPicture(deps: {
  db: LocalDb;
  hash: string;
  serverUrl: string | null;
  fetch: typeof fetch;
  now: () => Date;
}): Promise<EditorPicture> {
  const { db, hash } = deps;
  const state = await uploadState(db, hash);
  const shown = { pending: state !== undefined, refused: state?.refused ?? null };
  const here = (await localPicture(db, hash)) ?? (await keptView(db, hash));
  if (here) return { src: dataUrl(here), ...shown };
  const fetched = deps.serverUrl ? await fromServer(deps.serverUrl, hash, deps.fetch) : null;
  if (fetched) await keepView(db, hash, fetched, deps.now());
  return { src: fetched && dataUrl(fetched), ...shown };
}

const dataUrl = ({ contentType, bytes }: PictureView) => `data:${contentType};base64,${bytes.toString("base64")}`;

async function fromServer(serverUrl: string, hash: string, fetchImpl: typeof fetch): Promise<PictureView | null> {
  try {
    const res = await fetchImpl(`${serverUrl}${mediaPath(hash, { width: 480, format: "webp" })}`, {
      signal: AbortSignal.timeout(10_000),
    });
    const contentType = res.headers.get("content-type") ?? "";
    if (!res.ok || !contentType.startsWith("image/")) return null;
    const bytes = Buffer.from(await res.arrayBuffer());
    return bytes.length > MAX_VARIANT_BYTES ? null : { contentType, bytes };
  } catch {
    // Offline, or the server did not answer: the editor says the picture is not on this computer.
    return null;
  }
}
