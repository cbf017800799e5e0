/**
 * Pictures in the database (docs/design.md §4): `media` holds one row per original or variant, keyed by the
 * original's hash (`<hash>` or `<hash>/<width>.<avif|webp>`), and `media_chunks` its bytes in chunks of at
 * most MEDIA_CHUNK_BYTES, so a row, a backup line and a desktop's push stay small on both dialects.
 */
import type { Db } from "../data/schema.ts";
import type { KnownPicture } from "../domain/pictures.ts";

export const MEDIA_CHUNK_BYTES = 1024 * 1024;

export interface MediaItem {
  key: string;
  hash: string;
  contentType: string;
  width: number;
  height: number;
  bytes: Uint8Array;
  /** On an original: the SHA-256 of the bytes as uploaded (docs/design.md §5: the desktop's offline pictures). */
  sourceHash?: string;
}

/** Stores one original or variant; a key already stored is kept as it is (the same bytes, by its hash). */
export async function putMedia(db: Db, item: MediaItem, at: string): Promise<void> {
  const chunks = Math.max(1, Math.ceil(item.bytes.length / MEDIA_CHUNK_BYTES));
  const inserted = await db
    .insertInto("media")
    .values({
      key: item.key,
      hash: item.hash,
      content_type: item.contentType,
      width: item.width,
      height: item.height,
      size: item.bytes.length,
      chunks,
      created_at: at,
      source_hash: item.sourceHash ?? null,
    })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("key")
    .executeTakeFirst();
  if (!inserted) return;
  for (let idx = 0; idx < chunks; idx++) {
    const data = Buffer.from(item.bytes.subarray(idx * MEDIA_CHUNK_BYTES, (idx + 1) * MEDIA_CHUNK_BYTES));
    await db.insertInto("media_chunks").values({ key: item.key, idx, data }).execute();
  }
}

export interface StoredMedia {
  key: string;
  contentType: string;
  width: number;
  height: number;
  size: number;
}

export async function findMedia(db: Db, key: string): Promise<StoredMedia | undefined> {
  const row = await db
    .selectFrom("media")
    .select(["key", "content_type", "width", "height", "size"])
    .where("key", "=", key)
    .executeTakeFirst();
  return row && { key: row.key, contentType: row.content_type, width: row.width, height: row.height, size: row.size };
}

/** The stored bytes of one original or variant, joined from its chunks. */
export async function readMediaBytes(db: Db, key: string): Promise<Buffer> {
  const rows = await db.selectFrom("media_chunks").select("data").where("key", "=", key).orderBy("idx").execute();
  return Buffer.concat(rows.map((row) => Buffer.from(row.data)));
}

/** Whether the original of `hash` is stored (then its variants are too: they are written in one transaction). */
export async function hasPicture(db: Db, hash: string): Promise<boolean> {
  return (await findMedia(db, hash)) !== undefined;
}

/** The stored originals uploaded from any of these source hashes (one per source). */
export async function picturesBySource(db: Db, sources: readonly string[]): Promise<KnownPicture[]> {
  if (sources.length === 0) return [];
  const rows = await db
    .selectFrom("media")
    .select(["source_hash", "hash", "width", "height"])
    .where("source_hash", "in", [...sources])
    .orderBy("key")
    .execute();
  const found = new Map<string, KnownPicture>();
  for (const row of rows) {
    if (row.source_hash && !found.has(row.source_hash)) {
      found.set(row.source_hash, { source: row.source_hash, hash: row.hash, width: row.width, height: row.height });
    }
  }
  return [...found.values()];
}

/** Removes an original and its variants (chunks go with their rows). */
export async function deletePictureMedia(db: Db, hash: string): Promise<void> {
  const keys = (await db.selectFrom("media").select("key").where("hash", "=", hash).execute()).map((r) => r.key);
  if (keys.length === 0) return;
  await db.deleteFrom("media_chunks").where("key", "in", keys).execute();
  await db.deleteFrom("media").where("hash", "=", hash).execute();
}
