import { describe, expect, it } from "vitest";
import { defaultColor, luminance, nameColor, readableOnDark, TWITCH_DEFAULT_COLORS } from "./name-color.ts";

describe("chat name colours", () => {
  it("keeps a chatter's own colour when it is readable", () => {
    expect(nameColor("#FF69B4", "ann")).toBe("#FF69B4");
    expect(nameColor("#1e90ff", "ann")).toBe("#1E90FF");
  });

  it("gives chatters without a colour a stable default one", () => {
    const color = defaultColor("Bob");
    expect(TWITCH_DEFAULT_COLORS).toContain(color);
    expect(defaultColor("bob")).toBe(color);
    expect(nameColor("", "bob")).toBe(readableOnDark(color));
    expect(nameColor("not-a-colour", "bob")).toBe(readableOnDark(color));
  });

  it("lightens colours too dark to read on a stream", () => {
    const lifted = readableOnDark("#0000FF");
    expect(lifted).not.toBe("#0000FF");
    const rgb = [1, 3, 5].map((i) => Number.parseInt(lifted.slice(i, i + 2), 16)) as [number, number, number];
    expect(luminance(rgb)).toBeGreaterThanOrEqual(0.2);
    expect(readableOnDark("#000000")).not.toBe("#000000");
    expect(readableOnDark("garbage")).toBe("#FFFFFF");
  });
});
