import type { PlaylistVideo } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { mergePlaylists, shuffleWithSeed } from "./shuffle-plan.ts";

const video = (id: string): PlaylistVideo => ({ id, title: id, thumbnail: "", channel: "", duration: "1:00" });

describe("mergePlaylists", () => {
  it("keeps every video once, in playlist order", () => {
    const merged = mergePlaylists([[video("a"), video("b")], [video("b"), video("c")], [], [video("a")]]);
    expect(merged.map((v) => v.id)).toEqual(["a", "b", "c"]);
  });
});

describe("shuffleWithSeed", () => {
  const items = Array.from({ length: 50 }, (_, i) => i);

  it("reproduces the order from the seed, and keeps every item", () => {
    const once = shuffleWithSeed(items, 123);
    expect(shuffleWithSeed(items, 123)).toEqual(once);
    expect(shuffleWithSeed(items, 124)).not.toEqual(once);
    expect([...once].sort((a, b) => a - b)).toEqual(items);
    expect(items).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it("is unbiased: each item lands in each position about equally often", () => {
    const n = 4;
    const runs = 48_000;
    const counts: number[] = new Array(n * n).fill(0);
    for (let seed = 0; seed < runs; seed++) {
      shuffleWithSeed([0, 1, 2, 3], seed).forEach((item, position) => {
        counts[item * n + position] = (counts[item * n + position] ?? 0) + 1;
      });
    }
    const expected = runs / n;
    // Chi-square over the 16 cells; 9 degrees of freedom, p = 0.001 is 27.9.
    let chi = 0;
    for (const count of counts) chi += (count - expected) ** 2 / expected;
    expect(chi).toBeLessThan(27.9);
  });

  it("gives all 24 orders of 4 items", () => {
    const orders = new Set<string>();
    for (let seed = 0; seed < 2000; seed++) orders.add(shuffleWithSeed([0, 1, 2, 3], seed).join(""));
    expect(orders.size).toBe(24);
  });

  // How fast is `pnpm bench:shuffler`'s to say (the whole load of a 5,000-entry playlist), not a timed test's.
  it("shuffles 5,000 videos, each once", () => {
    const many = Array.from({ length: 5000 }, (_, i) => video(`v${i}`));
    const out = shuffleWithSeed(many, 99);
    expect(out).toHaveLength(5000);
    expect(new Set(out.map((v) => v.id)).size).toBe(5000);
  });
});
