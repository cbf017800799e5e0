import { describe, expect, it } from "vitest";
import { isDemo, readBool, readInt, readText, setIfNotDefault } from "./params.ts";

const q = (search: string) => new URLSearchParams(search);

describe("widget URL parameters", () => {
  it("reads whole numbers within limits", () => {
    const range = { fallback: 20, min: 1, max: 100 };
    expect(readInt(q("n=42"), "n", range)).toBe(42);
    expect(readInt(q("n=4.6"), "n", range)).toBe(5);
    expect(readInt(q("n=1000"), "n", range)).toBe(100);
    expect(readInt(q("n=-5"), "n", range)).toBe(1);
    expect(readInt(q("n=abc"), "n", range)).toBe(20);
    expect(readInt(q("n="), "n", range)).toBe(20);
    expect(readInt(q(""), "n", range)).toBe(20);
  });

  it("reads switches in the usual spellings", () => {
    expect(readBool(q("b=1"), "b", false)).toBe(true);
    expect(readBool(q("b=ON"), "b", false)).toBe(true);
    expect(readBool(q("b=no"), "b", true)).toBe(false);
    expect(readBool(q("b=maybe"), "b", true)).toBe(true);
    expect(readBool(q(""), "b", false)).toBe(false);
    expect(isDemo(q("demo=1"))).toBe(true);
    expect(isDemo(q("demo=0"))).toBe(false);
  });

  it("reads text, trimmed and cut, without control characters", () => {
    expect(readText(q("t=%20Hello%20"), "t", "x")).toBe("Hello");
    expect(readText(q("t=a%0Ab"), "t", "x")).toBe("ab");
    expect(readText(q("t=abcdef"), "t", "x", 3)).toBe("abc");
    expect(readText(q(""), "t", "fallback")).toBe("fallback");
    expect(readText(q("t="), "t", "fallback")).toBe("");
  });

  it("writes only values that differ from the default", () => {
    const params = new URLSearchParams();
    setIfNotDefault(params, "a", 5, 5);
    setIfNotDefault(params, "b", 6, 5);
    setIfNotDefault(params, "c", false, true);
    setIfNotDefault(params, "d", "x", "");
    expect(params.toString()).toBe("b=6&c=0&d=x");
  });
});
