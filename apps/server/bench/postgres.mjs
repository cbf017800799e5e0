// A throwaway PostgreSQL cluster for `pnpm bench:api --db postgres` (the tests' own starter), or the server
// named by BENCH_POSTGRES_URL (a superuser URL) instead. Unlike the test cluster, durability stays on
// (fsync, synchronous_commit): SQLite is measured with synchronous=FULL, so both pay for a committed write
// reaching the disk.
import { startPostgresCluster } from "@portfolio/core/test/postgres-cluster-process";

/** @returns {Promise<{ url: string, postmasterPid: number | null, stop(): void }>} */
export async function startBenchPostgres() {
  if (process.env.BENCH_POSTGRES_URL) {
    return { url: process.env.BENCH_POSTGRES_URL, postmasterPid: null, stop() {} };
  }
  const cluster = await startPostgresCluster({ durable: true, maxConnections: 100 });
  process.once("exit", () => cluster.stop());
  return cluster;
}

/** A new empty database on the server, named for one scenario. */
export async function createBenchDatabase(url, name) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
