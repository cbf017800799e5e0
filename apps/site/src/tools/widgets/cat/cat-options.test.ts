import { describe, expect, it } from "vitest";
import { CAT_DEFAULTS, catOptionsToParams, readCatOptions } from "./cat-options.ts";

describe("cat of the day settings", () => {
  it("reads and writes its settings", () => {
    expect(readCatOptions(new URLSearchParams(""))).toEqual(CAT_DEFAULTS);
    const options = { title: "Today's cat", caption: false, size: 500, demo: true };
    expect(readCatOptions(catOptionsToParams(options))).toEqual(options);
    expect(catOptionsToParams(CAT_DEFAULTS).toString()).toBe("");
    expect(readCatOptions(new URLSearchParams("size=5")).size).toBe(120);
  });
});
