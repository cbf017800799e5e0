/** The throwaway PostgreSQL cluster the test harness starts: it runs, answers, and leaves nothing behind. */
import { existsSync } from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createScratchDatabase, startPostgresCluster, withDatabase } from "./postgres-cluster.ts";

describe("startPostgresCluster", () => {
  it("starts a cluster that answers queries, and stop() removes its folder", async () => {
    const cluster = await startPostgresCluster();
    try {
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      const { rows } = await client.query<{ answer: number }>("SELECT 40 + 2 AS answer");
      await client.end();
      expect(rows[0]?.answer).toBe(42);
    } finally {
      cluster.stop();
    }
    expect(existsSync(cluster.dir)).toBe(false);
  }, 60_000);

  it("creates and drops scratch databases", async () => {
    const cluster = await startPostgresCluster();
    try {
      const scratch = await createScratchDatabase(cluster.url);
      expect(scratch.url).toBe(withDatabase(cluster.url, scratch.name));
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      expect((await client.query("SELECT current_database() AS name")).rows[0]?.name).toBe(scratch.name);
      await client.end();
      await scratch.drop();
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      const left = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [scratch.name]);
      await admin.end();
      expect(left.rowCount).toBe(0);
    } finally {
      cluster.stop();
    }
  }, 60_000);
});
