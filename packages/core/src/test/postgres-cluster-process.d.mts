export interface PostgresCluster {
  /** Superuser URL of the cluster's `postgres` database. */
  url: string;
  dir: string;
  /** The postmaster's pid (the benches read its CPU time). */
  postmasterPid: number;
  stop(): void;
}

export function postgresBinDir(): string;
export { freePort } from "./free-port.mjs";
export function startPostgresCluster(options?: {
  durable?: boolean;
  maxConnections?: number;
}): Promise<PostgresCluster>;
