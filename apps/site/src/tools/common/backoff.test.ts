import { describe, expect, it } from "vitest";
import { backoffDelay } from "./backoff.ts";

describe("backoffDelay", () => {
  it("doubles from 1 s, with jitter between half and all of the step", () => {
    expect(backoffDelay(0, 0)).toBe(500);
    expect(backoffDelay(0, 1)).toBe(1000);
    expect(backoffDelay(1, 0)).toBe(1000);
    expect(backoffDelay(1, 1)).toBe(2000);
    expect(backoffDelay(3, 0.5)).toBe(6000);
  });

  it("never waits longer than the cap, however many attempts failed", () => {
    expect(backoffDelay(5, 1)).toBe(30_000);
    expect(backoffDelay(500, 1)).toBe(30_000);
    expect(backoffDelay(500, 0)).toBe(15_000);
  });

  it("copes with odd inputs", () => {
    expect(backoffDelay(-3, 2)).toBe(1000);
    expect(backoffDelay(0, -1, { baseMs: 200, maxMs: 1000 })).toBe(100);
  });
});
