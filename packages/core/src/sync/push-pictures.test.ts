/** A project's picture list edited on the desktop and on the web meanwhile: merged, never a conflict. */
import { randomUUID } from "node:crypto";
import {
  asWeb,
  call,
  createSyncFixture,
  NEW_PROJECT,
  op,
  push,
  type SyncFixture,
} from "@portfolio/testing/core/sync-fixture.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ProjectPicture } from "../domain/pictures.ts";
import { putMedia } from "../services/media.table.ts";

let f: SyncFixture;
beforeEach(async () => {
  f = await createSyncFixture();
});
afterEach(async () => {
  await f.close();
});

/** A stored picture (as an upload leaves it), for lists to name. */
async function picture(letter: string, extra: Partial<ProjectPicture> = {}): Promise<ProjectPicture> {
  const hash = letter.repeat(64);
  await putMedia(
    f.core.db,
    { key: hash, hash, contentType: "image/png", width: 10, height: 10, bytes: Buffer.from(letter) },
    "2026-11-27T00:00:00.000Z",
  );
  return { hash, alt: `Picture ${letter}`, caption: "", width: 10, height: 10, cover: false, ...extra };
}

describe("push: picture lists", () => {
  it("merges a desktop's added picture with one added on the web since, keeping both and the cover", async () => {
    const a = await picture("a", { cover: true });
    const id = randomUUID();
    await push(f.core, f.owner, [op({ entityId: id, fields: { ...NEW_PROJECT, pictures: [a] } })]);
    const web = await picture("b");
    await call(f.core, asWeb(f.owner), "projects.update", { params: { id }, body: { pictures: [a, web] } });
    const desk = await picture("c");
    const [result] = await push(f.core, f.owner, [
      op({ entityId: id, fields: { pictures: [a, desk] }, baseVersion: 1 }),
    ]);
    expect(result).toMatchObject({ status: "applied", version: 3 });
    const { projects } = await call(f.core, f.owner, "projects.list");
    const pictures = projects.find((p) => p._id === id)?.pictures ?? [];
    expect(pictures.map((p) => [p.hash[0], p.cover])).toEqual([
      ["a", true],
      ["c", false],
      ["b", false],
    ]);
  });
});
