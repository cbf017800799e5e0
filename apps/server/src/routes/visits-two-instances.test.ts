/**
 * Two server instances on one database, as behind a load balancer, counting the same page on the same day:
 * each writes increments, so their counts add up, and a visitor seen by both is one visitor (docs/design.md
 * section 10). On PostgreSQL both write at once; SQLite has a single writer, so there they write in turn.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AnalyticsAnswer } from "@portfolio/core/domain";
import { createTestPostgresDatabase, testDialect } from "@portfolio/core/test/postgres-cluster";
import { startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, expect, it } from "vitest";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const postgres = testDialect() === "postgres";

let a: TestServer;
let b: TestServer;
let cleanUp: () => Promise<void>;

beforeEach(async () => {
  const dir = mkdtempSync(join(tmpdir(), "portfolio-visits-"));
  const database = postgres ? await createTestPostgresDatabase() : undefined;
  const env = {
    DATABASE_URL: database ? database.url : `file:${join(dir, "shared.db")}`,
    VISITS_FLUSH_MS: "60000",
    TRUST_PROXY: "1",
    VISITS_PER_ADDRESS_PER_MINUTE: "1000",
  };
  a = await startTestServer({ env });
  b = await startTestServer({ env });
  cleanUp = async () => {
    await a.close();
    await b.close();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  };
});
afterEach(async () => {
  await cleanUp();
});

/** `n` page views of /projects on `instance`, each from its own address. */
async function views(instance: TestServer, addresses: string[]): Promise<void> {
  await Promise.all(
    addresses.map((address) =>
      instance
        .client()
        .post(
          "/api/visits",
          { path: "/projects", kind: "view" },
          { "user-agent": BROWSER, "x-forwarded-for": address },
        ),
    ),
  );
  await instance.core.inFlight.settled();
}

const range = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `10.0.${Math.floor((from + i) / 250)}.${(from + i) % 250}`);

// 1,200 beacons through two servers and the test's own clients, all in this one process: 11 to 20 s on two
// cores busy with other tests (measured at a load of 8 to 11), so more than Vitest's usual 20 s.
it("adds up both instances' views of one page on one day without losing a count", { timeout: 60_000 }, async () => {
  for (let round = 0; round < 3; round++) {
    // 0..199 on a, 100..299 on b: 100 visitors seen by both, each round.
    await views(a, range(0, 200));
    await views(b, range(100, 200));
    const flushes = [a, b].map((instance) => () => instance.core.tools?.visits?.flush());
    if (postgres) await Promise.all(flushes.map((flush) => flush()));
    else for (const flush of flushes) await flush();
  }
  const owner = await a.login("owner", "owner-password-1");
  const day = a.core.now().toISOString().slice(0, 10);
  const res = await owner.get<AnalyticsAnswer>(`/api/admin/analytics?from=${day}&to=${day}`);
  expect(res.body.days).toEqual([{ date: day, pageViews: 1200, visitors: 300 }]);
  expect(res.body.pages).toEqual([{ path: "/projects", pageViews: 1200, visitors: 300 }]);
  expect(res.body.live).toEqual({ visitors: 300 });
});
