import { describe, expect, it } from "vitest";
import { catPictureSrc, formatCatDate, msUntilNextCat } from "./cat-day.ts";

describe("the cat's day", () => {
  it("asks again just after the next UTC midnight", () => {
    const now = Date.UTC(2026, 10, 21, 23, 59, 0);
    expect(msUntilNextCat(now, 0)).toBe(60_000);
    expect(msUntilNextCat(Date.UTC(2026, 10, 21), 5000)).toBe(86_400_000 + 5000);
  });

  it("writes the cat's day in words", () => {
    expect(formatCatDate("2026-11-21")).toBe("21 November 2026");
    expect(formatCatDate("nonsense")).toBe("nonsense");
  });
});

describe("the cat picture's address", () => {
  it("stays the server's redirect for the first day's answer, so the picture is not fetched again", () => {
    expect(catPictureSrc("2026-11-24", "2026-11-24")).toBe("/api/cat-of-the-day/image");
  });

  it("names a later day, so the browser asks for that day's picture", () => {
    expect(catPictureSrc("2026-11-24", "2026-11-25")).toBe("/api/cat-of-the-day/image?day=2026-11-25");
  });
});
