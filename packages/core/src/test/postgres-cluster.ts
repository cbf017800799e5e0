/**
 * A throwaway PostgreSQL cluster for tests: Debian's binaries (`initdb`, `pg_ctl`) on a temporary folder
 * and a free port, run as the `postgres` user when the tests run as root (PostgreSQL refuses to run as
 * root). If it cannot start, it throws with the server's own log: a test run never skips PostgreSQL.
 *
 * `TEST_DATABASE=postgres` switches the shared test helpers (createTestCore, startTestServer) to one fresh
 * database per test on a cluster shared by the run (TEST_POSTGRES_URL, set by the vitest global setup).
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export interface PostgresCluster {
  /** Superuser URL of the cluster's `postgres` database. */
  url: string;
  dir: string;
  stop(): void;
}

/** Where Debian installs the server binaries; PG_BIN overrides it (another version or distribution). */
export function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, "bin", "pg_ctl")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(
      "PostgreSQL tests need the server binaries (initdb, pg_ctl): run `apt-get install -y postgresql` (as root), or set PG_BIN.",
    );
  }
  return join(root, versions[0] as string, "bin");
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const asRoot = typeof process.getuid === "function" && process.getuid() === 0;

/** Runs a PostgreSQL binary, as the `postgres` user when we are root; throws with its output on failure. */
function runPg(binary: string, args: string[]): void {
  const [command, fullArgs] = asRoot ? ["runuser", ["-u", "postgres", "--", binary, ...args]] : [binary, args];
  const result = spawnSync(command, fullArgs, { encoding: "utf8", timeout: 60_000 });
  if (result.error || result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim();
    throw new Error(
      `PostgreSQL test cluster: \`${[binary, ...args].join(" ")}\` failed${result.error ? ` (${result.error.message})` : ` with exit code ${result.status}`}.\n${output}`,
    );
  }
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), "portfolio-pg-"));
  const dataDir = join(dir, "data");
  const logFile = join(dir, "server.log");
  if (asRoot) {
    // The server runs as `postgres`: give it the folder (mkdtemp makes it 0700 and owned by root).
    let uid: number;
    let gid: number;
    try {
      uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8", stdio: "pipe" }).trim());
      gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8", stdio: "pipe" }).trim());
    } catch {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(
        "PostgreSQL test cluster: running as root needs the `postgres` user (`apt-get install -y postgresql` creates it).",
      );
    }
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const port = await freePort();
  try {
    // C locale: text sorts by code point, as SQLite's default BINARY collation does.
    runPg(join(bin, "initdb"), [
      "-D",
      dataDir,
      "-U",
      "postgres",
      "--auth=trust",
      "--locale=C",
      "--encoding=UTF8",
      "-N",
    ]);
    // A disposable cluster: durability settings off for speed, the socket inside our folder.
    const options = [
      `-p ${port}`,
      "-c listen_addresses=127.0.0.1",
      `-c unix_socket_directories=${dir}`,
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
      "-c max_connections=300",
      "-c shared_buffers=32MB",
    ].join(" ");
    runPg(join(bin, "pg_ctl"), ["-D", dataDir, "-l", logFile, "-o", options, "-w", "-t", "60", "start"]);
  } catch (error) {
    const log = existsSync(logFile) ? `\nServer log:\n${readFileSync(logFile, "utf8")}` : "";
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}${log}`);
  }
  // A watchdog outside this process stops the cluster if we die without calling stop() (a killed test
  // run), so no server is left behind. stop() kills the watchdog first.
  const stopCommand = [
    ...(asRoot ? ["runuser", "-u", "postgres", "--"] : []),
    join(bin, "pg_ctl"),
    "-D",
    dataDir,
    "-m",
    "immediate",
    "stop",
  ]
    .map((part) => `'${part}'`)
    .join(" ");
  const watchdog = spawn(
    "sh",
    [
      "-c",
      `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${stopCommand} >/dev/null 2>&1; rm -rf '${dir}'`,
    ],
    { detached: true, stdio: "ignore" },
  );
  watchdog.unref();
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir,
    stop() {
      if (stopped) return;
      stopped = true;
      watchdog.kill();
      try {
        runPg(join(bin, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

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
