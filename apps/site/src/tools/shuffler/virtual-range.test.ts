import { describe, expect, it } from "vitest";
import { scrollTopToReveal, visibleRange } from "./virtual-range.ts";

describe("visibleRange", () => {
  const base = { rowHeight: 64, viewportHeight: 384, count: 5000, overscan: 4 };

  it("renders the rows in view plus the overscan", () => {
    expect(visibleRange({ ...base, scrollTop: 0 })).toEqual({ start: 0, end: 11 });
    expect(visibleRange({ ...base, scrollTop: 64 * 100 })).toEqual({ start: 96, end: 111 });
  });

  it("stays inside the list at the end and for small lists", () => {
    expect(visibleRange({ ...base, scrollTop: 64 * 4995 })).toEqual({ start: 4991, end: 5000 });
    expect(visibleRange({ ...base, count: 3, scrollTop: 0 })).toEqual({ start: 0, end: 3 });
    expect(visibleRange({ ...base, count: 0, scrollTop: 0 })).toEqual({ start: 0, end: 0 });
    expect(visibleRange({ ...base, scrollTop: -50 })).toEqual({ start: 0, end: 11 });
  });

  it("never renders more than a screenful and the margins, however long the list", () => {
    const { start, end } = visibleRange({ ...base, scrollTop: 123_456 });
    expect(end - start).toBeLessThanOrEqual(Math.ceil(384 / 64) + 1 + 2 * 4);
  });
});

describe("scrollTopToReveal", () => {
  it("leaves a visible row alone and centres one out of view", () => {
    expect(scrollTopToReveal(2, 64, 0, 384)).toBeNull();
    expect(scrollTopToReveal(5, 64, 0, 384)).toBeNull();
    expect(scrollTopToReveal(6, 64, 0, 384)).toBe(6 * 64 - 160);
    expect(scrollTopToReveal(0, 64, 500, 384)).toBe(0);
  });
});
