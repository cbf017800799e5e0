// Starting and stopping a throwaway PostgreSQL cluster: Debian's binaries (`initdb`, `pg_ctl`) on a
// temporary folder and a free port, run as the `postgres` user when we are root (PostgreSQL refuses to run
// as root). Plain JavaScript so the tests (through postgres-cluster.ts) and the plain-Node benches
// (`pnpm bench:api --db postgres`) start it the same way. Types: postgres-cluster-process.d.mts.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port.mjs";

export { freePort };

/** Where Debian installs the server binaries; PG_BIN overrides it (another version or distribution). */
export function postgresBinDir() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, "bin", "pg_ctl")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(
      "PostgreSQL needs the server binaries (initdb, pg_ctl): run `apt-get install -y postgresql` (as root), or set PG_BIN.",
    );
  }
  return join(root, versions[0], "bin");
}

const asRoot = typeof process.getuid === "function" && process.getuid() === 0;

/** Runs a PostgreSQL binary, as the `postgres` user when we are root; throws with its output on failure. */
function runPg(binary, args) {
  const [command, fullArgs] = asRoot ? ["runuser", ["-u", "postgres", "--", binary, ...args]] : [binary, args];
  const result = spawnSync(command, fullArgs, { encoding: "utf8", timeout: 60_000 });
  if (result.error || result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim();
    throw new Error(
      `PostgreSQL cluster: \`${[binary, ...args].join(" ")}\` failed${result.error ? ` (${result.error.message})` : ` with exit code ${result.status}`}.\n${output}`,
    );
  }
}

/** The server runs as `postgres`: give it the folder (mkdtemp makes it 0700 and owned by root). */
function handToPostgresUser(dir) {
  let uid;
  let gid;
  try {
    uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8", stdio: "pipe" }).trim());
    gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8", stdio: "pipe" }).trim());
  } catch {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(
      "PostgreSQL cluster: running as root needs the `postgres` user (`apt-get install -y postgresql` creates it).",
    );
  }
  chownSync(dir, uid, gid);
  chmodSync(dir, 0o700);
}

/**
 * Starts a cluster. `durable: false` (tests) turns fsync and synchronous commit off for speed; `durable:
 * true` (benches) keeps them on, as SQLite's synchronous=FULL is measured. If it cannot start, it throws
 * with the server's own log.
 */
export async function startPostgresCluster({ durable = false, maxConnections = 300 } = {}) {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), "portfolio-pg-"));
  const dataDir = join(dir, "data");
  const logFile = join(dir, "server.log");
  if (asRoot) handToPostgresUser(dir);
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
    const options = [
      `-p ${port}`,
      "-c listen_addresses=127.0.0.1",
      `-c unix_socket_directories=${dir}`,
      `-c max_connections=${maxConnections}`,
      ...(durable
        ? []
        : ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off", "-c shared_buffers=32MB"]),
    ].join(" ");
    runPg(join(bin, "pg_ctl"), ["-D", dataDir, "-l", logFile, "-o", options, "-w", "-t", "60", "start"]);
  } catch (error) {
    const log = existsSync(logFile) ? `\nServer log:\n${readFileSync(logFile, "utf8")}` : "";
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${error.message}${log}`);
  }
  const postmasterPid = Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  // A watchdog outside this process stops the cluster if we die without calling stop() (a killed run), so
  // no server is left behind. stop() kills the watchdog first.
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
    postmasterPid,
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
