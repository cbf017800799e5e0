/**
 * A throwaway PostgreSQL cluster for tests (started by postgres-cluster-process.mjs: Debian's `initdb` and
 * `pg_ctl` on a temporary folder and a free port). If it cannot start, it throws with the server's own
 * log: a test run never skips PostgreSQL.
 *
 * `TEST_DATABASE=postgres` switches the shared test helpers (createTestCore, startTestServer) to one fresh
 * database per test on a cluster shared by the run (TEST_POSTGRES_URL, set by the vitest global setup).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export {
  freePort,
  type PostgresCluster,
  postgresBinDir,
  startPostgresCluster,
} from "./postgres-cluster-process.mjs";

/** `url` with its database name replaced. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function adminQuery(clusterUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new empty database on the cluster (from `template`, e.g. an already migrated one); drop() removes it. */
export async function createScratchDatabase(
  clusterUrl: string,
  template = "template1",
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString("hex")}`;
  await adminQuery(clusterUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  return {
    url: withDatabase(clusterUrl, name),
    name,
    drop: () => adminQuery(clusterUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** The migrated template that test databases are copied from (set up by the global setup). */
export const MIGRATED_TEMPLATE = "t_migrated";

/** Which dialect the shared test helpers use: TEST_DATABASE=postgres, else SQLite. */
export function testDialect(): "sqlite" | "postgres" {
  const value = process.env.TEST_DATABASE ?? "sqlite";
  if (value !== "sqlite" && value !== "postgres") {
    throw new Error(`TEST_DATABASE must be "sqlite" or "postgres", not "${value}".`);
  }
  return value;
}

/**
 * A fresh, migrated database on the run's cluster, for TEST_DATABASE=postgres. Fails loudly when the
 * cluster is missing: the vitest global setup starts it (see postgres-global-setup.ts).
 */
export async function createTestPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const clusterUrl = process.env.TEST_POSTGRES_URL;
  if (!clusterUrl) {
    throw new Error(
      "TEST_DATABASE=postgres but TEST_POSTGRES_URL is unset: run the tests through vitest (its global setup starts the cluster) or set TEST_POSTGRES_URL to a superuser URL.",
    );
  }
  return createScratchDatabase(clusterUrl, process.env.TEST_POSTGRES_TEMPLATE ?? MIGRATED_TEMPLATE);
}
