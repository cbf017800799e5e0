import { describe, expect, it } from "vitest";
import { catDay, fallbackIndex, readCatAnswer } from "./cat-of-the-day.service.ts";

describe("catDay", () => {
  it("is the UTC calendar day", () => {
    expect(catDay(new Date("2026-11-21T23:59:59.999Z"))).toBe("2026-11-21");
    expect(catDay(new Date("2026-11-22T00:00:00.000Z"))).toBe("2026-11-22");
  });
});

describe("fallbackIndex", () => {
  it("rotates through the images one a day and is the same for everyone on a day", () => {
    const days = ["2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25"];
    const picks = days.map((day) => fallbackIndex(day, 4));
    expect(new Set(picks.slice(0, 4)).size).toBe(4);
    expect(picks[4]).toBe(picks[0]);
    expect(fallbackIndex("2026-11-21", 4)).toBe(picks[0]);
  });

  it("is -1 with no images", () => {
    expect(fallbackIndex("2026-11-21", 0)).toBe(-1);
  });
});

describe("readCatAnswer", () => {
  it("takes the first image of TheCatAPI's answer", () => {
    expect(
      readCatAnswer([
        { id: "abc", url: "https://cdn2.thecatapi.com/images/abc.jpg", width: 640, height: 480 },
        { id: "def", url: "https://cdn2.thecatapi.com/images/def.jpg" },
      ]),
    ).toEqual({ id: "abc", url: "https://cdn2.thecatapi.com/images/abc.jpg" });
  });

  it.each([
    ["an empty list", []],
    ["an object", { url: "https://x.example/cat.jpg" }],
    ["no url", [{ id: "x" }]],
    ["a javascript: url", [{ id: "x", url: "javascript:alert(1)" }]],
    ["a relative url", [{ id: "x", url: "/cat.jpg" }]],
    ["a huge url", [{ id: "x", url: `https://x.example/${"a".repeat(2100)}` }]],
  ])("refuses %s", (_what, body) => {
    expect(readCatAnswer(body)).toBeUndefined();
  });
});
