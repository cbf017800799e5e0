import { describe, expect, it } from "vitest";
import {
  canSkip,
  LOADING_CAP,
  LOADING_MESSAGES,
  LOADING_MIN_MS,
  LOADING_SHOW_AFTER_MS,
  LOADING_SKIP_AFTER_MS,
  nextMessageIndex,
  nextProgress,
  remainingMinimum,
  showsLoadingScreen,
} from "./loading-progress.ts";

describe("loading screen rules (spec section 9)", () => {
  it("has 20 distinct messages, a 2000 ms minimum and Skip after 3000 ms", () => {
    expect(LOADING_MESSAGES).toHaveLength(20);
    expect(new Set(LOADING_MESSAGES).size).toBe(20);
    expect(LOADING_MIN_MS).toBe(2000);
    expect(LOADING_SKIP_AFTER_MS).toBe(3000);
  });

  it("climbs but never passes 95 % until done, whatever the random source", () => {
    for (const random of [0, 0.3, 0.999, 1]) {
      let progress = 0;
      let previous = -1;
      for (let i = 0; i < 500; i++) {
        progress = nextProgress(progress, random);
        expect(progress).toBeGreaterThanOrEqual(previous);
        expect(progress).toBeLessThanOrEqual(LOADING_CAP);
        previous = progress;
      }
      expect(progress).toBe(LOADING_CAP);
    }
  });

  it("moves forward on every step below the cap", () => {
    expect(nextProgress(0, 0)).toBeGreaterThan(0);
    expect(nextProgress(94.9, 0)).toBe(LOADING_CAP);
  });

  it("keeps the screen up for the rest of the minimum time", () => {
    expect(remainingMinimum(0)).toBe(2000);
    expect(remainingMinimum(1500)).toBe(500);
    expect(remainingMinimum(2500)).toBe(0);
  });

  it("shows no loading screen for a wait shorter than half a second", () => {
    expect(LOADING_SHOW_AFTER_MS).toBe(500);
    expect(showsLoadingScreen(0, false)).toBe(false);
    expect(showsLoadingScreen(499, false)).toBe(false);
  });

  it("shows the loading screen once an unfinished wait reaches half a second", () => {
    expect(showsLoadingScreen(500, false)).toBe(true);
    expect(showsLoadingScreen(5000, false)).toBe(true);
  });

  it("never starts the loading screen for work that is already done", () => {
    expect(showsLoadingScreen(5000, true)).toBe(false);
  });

  it("offers Skip only after 3000 ms", () => {
    expect(canSkip(2999)).toBe(false);
    expect(canSkip(3000)).toBe(true);
  });

  it("always picks a different message", () => {
    for (let current = 0; current < 20; current++) {
      for (const random of [0, 0.5, 0.99999, 1]) {
        const next = nextMessageIndex(current, random);
        expect(next).not.toBe(current);
        expect(next).toBeGreaterThanOrEqual(0);
        expect(next).toBeLessThan(20);
      }
    }
  });
});
