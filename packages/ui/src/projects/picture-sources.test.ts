import { describe, expect, it } from "vitest";
import { fallbackSrc, pictureSrcSet, variantSize } from "./picture-sources.ts";

const HASH = "a".repeat(64);

describe("pictureSrcSet", () => {
  it("lists every variant that exists, smallest first", () => {
    expect(pictureSrcSet({ hash: HASH, width: 2000 }, "avif")).toBe(
      `/media/${HASH}/480.avif 480w, /media/${HASH}/720.avif 720w, /media/${HASH}/960.avif 960w, /media/${HASH}/1600.avif 1600w`,
    );
  });

  it("leaves out the variants wider than the original", () => {
    expect(pictureSrcSet({ hash: HASH, width: 1200 }, "webp")).toBe(
      `/media/${HASH}/480.webp 480w, /media/${HASH}/720.webp 720w, /media/${HASH}/960.webp 960w`,
    );
  });

  it("names a narrow original's one variant by its real width", () => {
    expect(pictureSrcSet({ hash: HASH, width: 300 }, "webp")).toBe(`/media/${HASH}/480.webp 300w`);
  });

  it("stops at the width asked for", () => {
    expect(pictureSrcSet({ hash: HASH, width: 2000 }, "avif", 480)).toBe(`/media/${HASH}/480.avif 480w`);
  });
});

describe("fallbackSrc", () => {
  it("is the 960 WebP when there is one", () => {
    expect(fallbackSrc({ hash: HASH, width: 2000 })).toBe(`/media/${HASH}/960.webp`);
  });

  it("is the smallest for a narrow original", () => {
    expect(fallbackSrc({ hash: HASH, width: 700 })).toBe(`/media/${HASH}/480.webp`);
  });

  it("is the 720 WebP for an original narrower than 960", () => {
    expect(fallbackSrc({ hash: HASH, width: 800 })).toBe(`/media/${HASH}/720.webp`);
  });
});

describe("variantSize", () => {
  it("keeps the original's ratio", () => {
    expect(variantSize({ width: 1600, height: 900 }, 480)).toEqual({ width: 480, height: 270 });
  });

  it("is the original's size when it is narrower than the variant", () => {
    expect(variantSize({ width: 300, height: 200 }, 480)).toEqual({ width: 300, height: 200 });
  });
});
