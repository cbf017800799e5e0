/** For the visit tests: a counter holding page views from distinct addresses, as a batch would hold them. */
import type { Kysely } from "kysely";
import type { Database } from "../data/schema.ts";
import { VisitCounter } from "../services/visits/visit-counter.ts";

/** A counter holding `beacons` page views of `path`, each from its own address. */
export async function counterWith(db: Kysely<Database>, beacons: number, path = "/"): Promise<VisitCounter> {
  const counter = new VisitCounter({
    db,
    now: () => new Date(),
    siteHost: () => "site.test",
    perAddressPerMinute: 1e9,
  });
  await counter.prepare();
  view(counter, beacons, path);
  return counter;
}

/** Records `beacons` page views of `path`, from the addresses numbered `first` on. */
export function view(counter: VisitCounter, beacons: number, path: string, first = 0): void {
  for (let i = first; i < first + beacons; i++) {
    const address = `10.0.${i >> 8}.${i & 255}`;
    counter.record(
      { path, kind: "view" },
      { address, userAgent: "Mozilla/5.0 Chrome/140", optedOut: false, staff: false },
    );
  }
}
