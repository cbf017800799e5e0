/**
 * Vitest global setup: with TEST_DATABASE=postgres (and no TEST_POSTGRES_URL given), starts one throwaway
 * cluster for the whole run and a migrated template database that every test database is copied from
 * (copying is much faster than migrating each one). Workers read TEST_POSTGRES_URL from the environment.
 * Without TEST_DATABASE=postgres it does nothing.
 */

import pg from "pg";
import { migrateToLatest, openDatabase } from "../data/database.ts";
import { MIGRATED_TEMPLATE, startPostgresCluster, testDialect, withDatabase } from "./postgres-cluster.ts";

export default async function setup(): Promise<(() => void) | undefined> {
  if (testDialect() !== "postgres" || process.env.TEST_POSTGRES_URL) return undefined;
  const cluster = await startPostgresCluster();
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${MIGRATED_TEMPLATE}`);
    await admin.end();
    const { db } = openDatabase(withDatabase(cluster.url, MIGRATED_TEMPLATE), { poolSize: 1 });
    await migrateToLatest(db);
    await db.destroy();
  } catch (error) {
    cluster.stop();
    throw error;
  }
  process.env.TEST_POSTGRES_URL = cluster.url;
  process.env.TEST_POSTGRES_TEMPLATE = MIGRATED_TEMPLATE;
  return () => cluster.stop();
}
