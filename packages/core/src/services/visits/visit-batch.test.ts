/** Writing a batch leaves the process free to answer beacons between its statements (docs/design.md section 10). */
import { openTestDatabase } from "@portfolio/testing/data/test-database.ts";
import { expect, it } from "vitest";
import { VisitCounter } from "./visit-counter.ts";

it("lets other work run between the statements of a large batch", async () => {
  const { db, close } = await openTestDatabase({});
  try {
    const counter = new VisitCounter({
      db,
      now: () => new Date(),
      siteHost: () => "site.test",
      perAddressPerMinute: 1e9,
    });
    await counter.prepare();
    for (let i = 0; i < 3000; i++) {
      const facts = {
        address: `10.0.${i >> 8}.${i & 255}`,
        userAgent: "Mozilla/5.0 Chrome/140",
        optedOut: false,
        staff: false,
      };
      counter.record({ path: "/", kind: "view" }, facts);
    }
    let turns = 0;
    let running = true;
    const turn = () => {
      turns++;
      if (running) setImmediate(turn);
    };
    setImmediate(turn);
    await counter.flush();
    running = false;
    // 9,000 visitor rows in 500-row statements: the event loop had a turn after each of them.
    expect(turns).toBeGreaterThanOrEqual(18);
  } finally {
    await close();
  }
});
