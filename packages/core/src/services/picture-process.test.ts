/** What is stored of an upload: no metadata, a GIF's first frame, variants never wider than the original. */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PICTURE_MESSAGES } from "../domain/picture-messages.ts";
import { processPicture } from "./picture-process.ts";

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3366cc" } });

describe("processPicture", () => {
  it("strips EXIF (GPS, camera) from a JPEG, and its hash is that of the stored bytes", async () => {
    const withExif = await solid(40, 30)
      .jpeg()
      .withExif({ IFD0: { Make: "Camera Maker", Copyright: "Someone" } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const processed = await processPicture(withExif);
    const stored = await sharp(processed.original.bytes).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.format).toBe("jpeg");
    expect(processed.original.key).toBe(processed.hash);
  });

  it("keeps a GIF's first frame, as a PNG", async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#ff0000" } })
      .gif()
      .toBuffer();
    const processed = await processPicture(gif);
    expect(processed.original.contentType).toBe("image/png");
  });

  it("makes AVIF and WebP at each width not wider than the original", async () => {
    const processed = await processPicture(await solid(1200, 100).png().toBuffer());
    expect(processed.variants.map((v) => `${v.key.split("/")[1]}:${v.width}`)).toEqual([
      "480.avif:480",
      "480.webp:480",
      "720.avif:720",
      "720.webp:720",
      "960.avif:960",
      "960.webp:960",
    ]);
  });

  it("refuses bytes that only look like a picture with a message, not a crash", async () => {
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40)]);
    await expect(processPicture(broken)).rejects.toThrow(PICTURE_MESSAGES.unreadable);
  });
});
