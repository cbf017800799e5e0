/**
 * Several real server processes on one PostgreSQL database, as behind a load balancer: the
 * current source bundled once per test run (esbuild, as `pnpm build` does) and started with the same
 * Node flags as `pnpm start`. Every instance gets the same PUBLIC_URL (the balancer's address), so a
 * client's cookie and Origin are valid on each of them.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createTestPostgresDatabase, freePort, testDialect } from "@portfolio/core/test/postgres-cluster";
import { OWNER, TestClient } from "@portfolio/testing/server/test-server.ts";
import { SERVER_NODE_FLAGS } from "../../node-flags.mjs";
import { bundleServer, serverBundleFiles } from "../../server-bundle.mjs";

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** What every instance calls itself to browsers: the load balancer's address. */
export const PUBLIC_URL = "http://portfolio.test";

export interface Instance {
  name: string;
  url: string;
  process: ChildProcess;
  /** The tail of its stdout and stderr, to explain a failure. */
  log(): string;
  /** A client of this instance that sends the site's Origin; `cookies` may be shared with another. */
  client(cookies?: Map<string, string>): TestClient;
  /** Resolves with the exit code or signal. */
  exited: Promise<string>;
}

export interface Cluster {
  databaseUrl: string;
  instances: Instance[];
  /** Starts one more instance; on `port` to stand in for one that stopped (a balancer names fixed addresses). */
  start(name: string, port?: number): Promise<Instance>;
  close(): Promise<void>;
}

/** Scale tests need PostgreSQL: in the SQLite pass they are left out (scripts/test.mjs), never run half. */
export const onPostgres = testDialect() === "postgres";

let bundle: Promise<string> | undefined;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Bundles src/main.ts beside dist/ (so its npm imports resolve from apps/server/node_modules), once. */
function scaleTestBundle(): Promise<string> {
  bundle ??= (async () => {
    const outDir = join(serverDir, "dist", "scale-test");
    mkdirSync(outDir, { recursive: true });
    // Bundles of test workers that are gone (a worker may be ended without its exit handler running).
    for (const file of readdirSync(outDir)) {
      const pid = Number(/^main-(\d+)\./.exec(file)?.[1]);
      if (pid && !alive(pid)) rmSync(join(outDir, file), { force: true });
    }
    const outfile = join(outDir, `main-${process.pid}.mjs`);
    await bundleServer({ outfile });
    process.once("exit", () => {
      for (const file of serverBundleFiles(outfile).all) rmSync(file, { force: true });
    });
    return outfile;
  })();
  return bundle;
}

export async function waitForHealth(instance: Instance, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exit: string | undefined;
  void instance.exited.then((how) => {
    exit = how;
  });
  while (Date.now() < deadline) {
    if (exit) throw new Error(`${instance.name} exited (${exit}) before answering.\n${instance.log()}`);
    try {
      if ((await fetch(`${instance.url}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${instance.name} did not answer /api/health within ${timeoutMs} ms.\n${instance.log()}`);
}

/** A fresh database on the run's cluster and `count` instances over it, started at the same moment. */
export async function startCluster(count: number, env: Record<string, string> = {}): Promise<Cluster> {
  const database = await createTestPostgresDatabase();
  const dir = mkdtempSync(join(tmpdir(), "portfolio-scale-"));
  const script = await scaleTestBundle();
  const instances: Instance[] = [];

  const start = async (name: string, fixedPort?: number): Promise<Instance> => {
    const port = fixedPort ?? (await freePort());
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, script], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        DATABASE_POOL_SIZE: "10",
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL,
        MAIL_OUTBOX_DIR: join(dir, name, "outbox"),
        SITE_DIR: join(dir, "no-site"),
        OWNER_USERNAME: OWNER.username,
        OWNER_EMAIL: OWNER.email,
        OWNER_PASSWORD: OWNER.password,
        BCRYPT_COST: "4",
        NODE_ENV: "test",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    const keep = (chunk: string) => {
      log = (log + chunk).slice(-8000);
    };
    child.stdout?.setEncoding("utf8").on("data", keep);
    child.stderr?.setEncoding("utf8").on("data", keep);
    const exited = new Promise<string>((resolve) => {
      child.once("exit", (code, signal) => resolve(signal ?? `code ${code}`));
    });
    const url = `http://127.0.0.1:${port}`;
    const instance: Instance = {
      name,
      url,
      process: child,
      log: () => log,
      exited,
      client(cookies) {
        const client = new TestClient(url, PUBLIC_URL);
        if (cookies) for (const [k, v] of cookies) client.cookies.set(k, v);
        return client;
      },
    };
    instances.push(instance);
    await waitForHealth(instance);
    return instance;
  };

  try {
    await Promise.all(Array.from({ length: count }, (_, i) => start(String.fromCharCode(97 + i))));
  } catch (error) {
    for (const instance of instances) instance.process.kill("SIGKILL");
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    databaseUrl: database.url,
    instances,
    start,
    async close() {
      await Promise.all(
        instances.map(async (instance) => {
          if (instance.process.exitCode === null && instance.process.signalCode === null) {
            instance.process.kill("SIGTERM");
            const timer = setTimeout(() => instance.process.kill("SIGKILL"), 10_000);
            await instance.exited;
            clearTimeout(timer);
          }
        }),
      );
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Logs in on `instance` and answers the client (its cookie jar holds the session). */
export async function login(instance: Instance, username = OWNER.username, password = OWNER.password) {
  const client = instance.client();
  const res = await client.post("/api/login", { username, password });
  if (res.status !== 200) throw new Error(`login on ${instance.name}: ${res.status} ${res.text}`);
  return client;
}
