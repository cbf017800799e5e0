import { describe, expect, it } from "vitest";
import { decodeSeed, encodeSeed, mulberry32, newSeed } from "./seeded-random.ts";

describe("mulberry32", () => {
  it("gives the same sequence for the same seed and another for another seed", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(Array.from({ length: 5 }, c)).not.toEqual(first);
  });

  it("stays in [0, 1) and spreads evenly", () => {
    const random = mulberry32(7);
    const buckets = new Array(10).fill(0);
    let min = 1;
    let max = 0;
    for (let i = 0; i < 100_000; i++) {
      const value = random();
      min = Math.min(min, value);
      max = Math.max(max, value);
      buckets[Math.floor(value * 10)]++;
    }
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThan(1);
    for (const count of buckets) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });
});

describe("seeds in URLs", () => {
  it("round-trips every 32-bit seed through base 36", () => {
    for (const seed of [0, 1, 35, 36, 123_456_789, 0xffff_ffff]) expect(decodeSeed(encodeSeed(seed))).toBe(seed);
  });

  it("refuses text that is not a seed", () => {
    for (const text of ["", null, undefined, "-1", "1.5", "zzzzzzzz", "zzzzzzz", "a b", "%20"]) {
      expect(decodeSeed(text), String(text)).toBeNull();
    }
  });

  it("makes 32-bit seeds", () => {
    for (let i = 0; i < 20; i++) {
      const seed = newSeed();
      expect(Number.isInteger(seed) && seed >= 0 && seed <= 0xffff_ffff).toBe(true);
    }
  });
});
