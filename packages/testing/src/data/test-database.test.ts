/**
 * A migrated test database is a copy of a template migrated once, not migrated afresh (sqlite-template.ts,
 * and PostgreSQL's CREATE DATABASE ... TEMPLATE): its migrations are older than the database itself.
 */
import { type PostgresCluster, startPostgresCluster } from "@portfolio/core/test/postgres-cluster";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase, type TestDatabaseOptions } from "./test-database.ts";

/** When the newest migration of a fresh database opened with `options` was applied, and when it was opened. */
async function migratedBeforeOpened(options: TestDatabaseOptions): Promise<{ migrated: number; opened: number }> {
  // The first one may make the template.
  const first = await openTestDatabase(options);
  await first.close();
  const opened = Date.now();
  const database: TestDatabase = await openTestDatabase(options);
  try {
    const rows = await database.db.selectFrom("kysely_migration" as never).select("timestamp" as never).execute();
    const migrated = Math.max(...rows.map((row) => Date.parse(String((row as { timestamp: unknown }).timestamp))));
    return { migrated, opened };
  } finally {
    await database.close();
  }
}

it("copies a migrated SQLite database from the template: no migration runs in it", async () => {
  const { migrated, opened } = await migratedBeforeOpened({ dialect: "sqlite" });
  expect(migrated).toBeLessThan(opened);
});

describe("on a PostgreSQL cluster of the test's own", () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
  }, 60_000);
  afterAll(() => cluster?.stop());

  it("copies a migrated database from a template it migrated once: no migration runs in it", async () => {
    const { migrated, opened } = await migratedBeforeOpened({ dialect: "postgres", clusterUrl: cluster.url });
    expect(migrated).toBeLessThan(opened);
  });
});
