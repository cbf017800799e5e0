/**
 * One batch of beacons added up in memory (docs/design.md section 10): per (day, scope, key) its counts and
 * its visitor hashes, and when each visitor was last seen. `visit-batch-write.ts` writes it.
 */
import type { VisitScope } from "../../data/schema.ts";

export interface KeyCounts {
  views: number;
  codeClicks: number;
  demoClicks: number;
}

const SEP = "\u0000";
export class VisitBatch {
  readonly counts = new Map<string, KeyCounts>();
  readonly visitors = new Map<string, Set<string>>();
  /** Visitor hash → when it was last seen (ISO). */
  readonly live = new Map<string, string>();
  beacons = 0;

  /** The id of a (day, scope, key): the three joined by one separator, so ids sort in key order. */
  static keyOf(day: string, scope: VisitScope, key: string): string {
    return `${day}${SEP}${scope}${SEP}${key}`;
  }

  static splitId(id: string): [string, VisitScope, string] {
    return id.split(SEP) as [string, VisitScope, string];
  }

  add(day: string, scope: VisitScope, key: string, visitor: string | null, add: Partial<KeyCounts>): void {
    const id = VisitBatch.keyOf(day, scope, key);
    let counts = this.counts.get(id);
    if (!counts) {
      counts = { views: 0, codeClicks: 0, demoClicks: 0 };
      this.counts.set(id, counts);
    }
    counts.views += add.views ?? 0;
    counts.codeClicks += add.codeClicks ?? 0;
    counts.demoClicks += add.demoClicks ?? 0;
    if (visitor === null) return;
    let set = this.visitors.get(id);
    if (!set) {
      set = new Set();
      this.visitors.set(id, set);
    }
    set.add(visitor);
  }

  get empty(): boolean {
    return this.counts.size === 0 && this.visitors.size === 0 && this.live.size === 0;
  }

  /**
   * Takes back what a failed write left of `earlier` (its slices not committed), so it is tried again with
   * this batch.
   */
  absorb(earlier: VisitBatch): void {
    for (const [id, c] of earlier.counts) {
      const [day, scope, key] = VisitBatch.splitId(id);
      this.add(day, scope, key, null, c);
    }
    for (const [id, set] of earlier.visitors) {
      const mine = this.visitors.get(id) ?? new Set<string>();
      for (const v of set) mine.add(v);
      this.visitors.set(id, mine);
    }
    for (const [visitor, at] of earlier.live) if (!this.live.has(visitor)) this.live.set(visitor, at);
    this.beacons += earlier.beacons;
  }
}
