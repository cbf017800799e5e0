import { describe, expect, it } from "vitest";
import { PICTURE_MESSAGES } from "./picture-messages.ts";
import { MAX_PICTURES, pictureVariants, variantPixelWidth } from "./pictures.ts";
import { picturesSchema } from "./pictures-schema.ts";
import { firstError } from "./validation.ts";

const hash = (n: number) => n.toString(16).padStart(64, "0");
const picture = (n: number, extra: Record<string, unknown> = {}) => ({
  hash: hash(n),
  alt: `Screenshot ${n}`,
  width: 1200,
  height: 800,
  ...extra,
});

describe("a project's picture list", () => {
  it("requires alt text with the contract's message", () => {
    expect(firstError(picturesSchema, [picture(1, { alt: "   " })])).toBe("Alt text is required.");
  });

  it("holds at most 12 pictures", () => {
    const list = Array.from({ length: MAX_PICTURES + 1 }, (_, i) => picture(i + 1));
    expect(firstError(picturesSchema, list)).toBe(PICTURE_MESSAGES.tooMany);
  });

  it("refuses two covers, and makes the first the cover when none is marked", () => {
    expect(firstError(picturesSchema, [picture(1, { cover: true }), picture(2, { cover: true })])).toBe(
      PICTURE_MESSAGES.oneCover,
    );
    const parsed = picturesSchema.parse([picture(1), picture(2)]);
    expect(parsed.map((p) => p.cover)).toEqual([true, false]);
    expect(parsed[0]?.caption).toBe("");
  });

  it("refuses the same picture twice", () => {
    expect(firstError(picturesSchema, [picture(1), picture(1)])).toBe(PICTURE_MESSAGES.duplicate);
  });
});

describe("pictureVariants: the widths that exist, so a page builds srcset without asking", () => {
  it("lists the widths not wider than the original", () => {
    expect(pictureVariants({ width: 1600 })).toEqual([480, 720, 960, 1600]);
    expect(pictureVariants({ width: 1200 })).toEqual([480, 720, 960]);
  });

  it("has a 720 variant, what a phone's full-width picture needs, for an original that wide", () => {
    expect(pictureVariants({ width: 800 })).toEqual([480, 720]);
  });

  it("keeps the 480 variant for a narrower original, made at the original's own width", () => {
    expect(pictureVariants({ width: 300 })).toEqual([480]);
    expect(variantPixelWidth({ width: 300 }, 480)).toBe(300);
  });
});
