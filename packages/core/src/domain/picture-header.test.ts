import { describe, expect, it } from "vitest";
import { pictureHeaderSize, sniffPictureType } from "./picture-header.ts";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("a picture's type, from its bytes", () => {
  it("knows GIF, WebP and AVIF by their signatures", () => {
    expect(sniffPictureType(bytes("GIF89a", [10, 0, 20, 0]))).toBe("gif");
    expect(sniffPictureType(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "))).toBe("webp");
    expect(sniffPictureType(bytes([0, 0, 0, 24], "ftypmif1", [0, 0, 0, 0], "avifmiaf"))).toBe("avif");
  });

  it("refuses SVG and text whatever they claim", () => {
    expect(sniffPictureType(bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffPictureType(bytes("<svg width='1'/>"))).toBeUndefined();
  });

  it("reads a GIF's size from its header", () => {
    expect(pictureHeaderSize("gif", bytes("GIF89a", [0x20, 0x4e, 0x20, 0x4e]))).toEqual({
      width: 20000,
      height: 20000,
    });
  });
});
