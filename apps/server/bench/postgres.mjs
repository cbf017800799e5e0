// A throwaway PostgreSQL cluster for `pnpm bench:api --db postgres` (Debian's initdb and pg_ctl, as the
// `postgres` user when run as root), or the server named by BENCH_POSTGRES_URL (a superuser URL) instead.
// Unlike the test cluster, durability stays on (fsync, synchronous_commit): SQLite is measured with
// synchronous=FULL, so both pay for a committed write reaching the disk.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.mjs";

const asRoot = process.getuid?.() === 0;

function binDir() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, "bin", "pg_ctl")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error("--db postgres needs PostgreSQL: `apt-get install -y postgresql`, PG_BIN, or BENCH_POSTGRES_URL.");
  }
  return path.join(root, versions[0], "bin");
}

function runPg(binary, args) {
  const [command, full] = asRoot ? ["runuser", ["-u", "postgres", "--", binary, ...args]] : [binary, args];
  const result = spawnSync(command, full, { encoding: "utf8", timeout: 60_000 });
  if (result.error || result.status !== 0) {
    throw new Error(
      `\`${binary} ${args.join(" ")}\` failed: ${result.error?.message ?? ""}${result.stdout}${result.stderr}`,
    );
  }
}

/** @returns {Promise<{ url: string, postmasterPid: number | null, stop(): void }>} */
export async function startBenchPostgres() {
  if (process.env.BENCH_POSTGRES_URL) {
    return { url: process.env.BENCH_POSTGRES_URL, postmasterPid: null, stop() {} };
  }
  const bin = binDir();
  const dir = mkdtempSync(path.join(os.tmpdir(), "portfolio-bench-pg-"));
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  const port = await freePort();
  // C collation, as the README asks of a production database (sorts as SQLite does).
  runPg(path.join(bin, "initdb"), [
    "-D",
    data,
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
    "-c max_connections=100",
  ];
  runPg(path.join(bin, "pg_ctl"), ["-D", data, "-l", path.join(dir, "log"), "-o", options.join(" "), "-w", "start"]);
  const postmasterPid = Number(readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      runPg(path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  process.once("exit", stop);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, postmasterPid, stop };
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
