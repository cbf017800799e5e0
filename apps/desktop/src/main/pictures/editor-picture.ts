/**
 * What the editor shows for one of a project's pictures (the `desktop.picture` call): the bytes kept on this
 * computer (a picture added here), else the server's small WebP variant through its public /media address
 * while the server answers, each as a data: URL (the renderer's CSP allows data: images and no other origin,
 * docs/security.md promise 18), else nothing, and the editor says the picture is not on this computer.
 */
import { mediaPath } from "@portfolio/core/domain";
import type { EditorPicture } from "../../shared/desktop-operations.ts";
import type { LocalDb } from "../sync/outbox.ts";
import { isPending, localPictureUrl } from "./local-pictures.ts";

/** A variant is at most a few hundred KB; a larger answer is not what was asked for. */
const MAX_VARIANT_BYTES = 2 * 1024 * 1024;

export async function editorPicture(deps: {
  db: LocalDb;
  hash: string;
  serverUrl: string | null;
  fetch: typeof fetch;
}): Promise<EditorPicture> {
  const pending = await isPending(deps.db, deps.hash);
  const local = await localPictureUrl(deps.db, deps.hash);
  if (local || !deps.serverUrl) return { src: local, pending };
  return { src: await fromServer(deps.serverUrl, deps.hash, deps.fetch), pending };
}

async function fromServer(serverUrl: string, hash: string, fetchImpl: typeof fetch): Promise<string | null> {
  try {
    const res = await fetchImpl(`${serverUrl}${mediaPath(hash, { width: 480, format: "webp" })}`, {
      signal: AbortSignal.timeout(10_000),
    });
    const type = res.headers.get("content-type") ?? "";
    if (!res.ok || !type.startsWith("image/")) return null;
    const bytes = Buffer.from(await res.arrayBuffer());
    return bytes.length > MAX_VARIANT_BYTES ? null : `data:${type};base64,${bytes.toString("base64")}`;
  } catch {
    // Offline, or the server did not answer: the editor says the picture is not on this computer.
    return null;
  }
}
