/** `GET /media/...` answers (media.service.ts): a variant a stored picture lacks is made once, when asked for. */
import { createTestCore, type TestCore } from "@portfolio/testing/core/test-core.ts";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mediaAnswer } from "./media.service.ts";
import { findMedia, putMedia } from "./media.table.ts";
import { processPicture } from "./picture-process.ts";

let core: TestCore;
beforeEach(async () => {
  core = await createTestCore();
});
afterEach(async () => {
  await core.close();
});

/** A 1200 px picture stored as before the 720 variant existed: its original, 480 and 960 only. */
async function storedWithout720(): Promise<string> {
  const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
  const processed = await processPicture(png);
  const at = new Date().toISOString();
  for (const item of [processed.original, ...processed.variants.filter((v) => !v.key.includes("/720."))]) {
    await putMedia(core.db, item, at);
  }
  return processed.hash;
}

describe("mediaAnswer", () => {
  it("makes a variant a stored picture lacks from its original when first asked for, and stores it", async () => {
    const hash = await storedWithout720();
    const answer = await mediaAnswer(core.db, hash, "720.avif");
    expect(answer.kind).toBe("bytes");
    if (answer.kind !== "bytes") return;
    expect(answer.contentType).toBe("image/avif");
    expect((await sharp(answer.bytes).metadata()).width).toBe(720);
    expect(await findMedia(core.db, `${hash}/720.avif`)).toMatchObject({ width: 720, contentType: "image/avif" });
  });
});
