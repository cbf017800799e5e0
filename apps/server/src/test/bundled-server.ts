/**
 * The current source bundled once for a test file (esbuild, as `pnpm build` does) and started as its own
 * process with the same Node flags as `pnpm start`, on a fresh SQLite database in a folder of its own: for
 * tests of what only the real process shows (its output, what it does before and after it listens). Call at
 * a file's top level: it registers the file's hooks (bundle before, stop the process after each test, remove
 * the bundle after all).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "@portfolio/core/test/postgres-cluster";
import { afterAll, afterEach, beforeAll } from "vitest";
import { SERVER_NODE_FLAGS } from "../../node-flags.mjs";
import { bundleServer, serverBundleFiles } from "../../server-bundle.mjs";

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

export interface BundledServer {
  child: ChildProcess;
  url: string;
  port: number;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
}

/** Whether something on 127.0.0.1 accepts a connection on `port` now. */
function accepts(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => done(false));
  });
}

/** Resolves the moment the started server's port accepts a connection; fails if it exits or takes 30 s. */
export async function listening(started: BundledServer): Promise<BundledServer> {
  const deadline = Date.now() + 30_000;
  while (!(await accepts(started.port))) {
    if (started.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`The server did not listen:\n${started.output()}`);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  return started;
}

/** `folder`: the bundle's folder beside dist/ (so its npm imports resolve from apps/server/node_modules). */
export function bundledServer(folder: string): { start(env: Record<string, string>): Promise<BundledServer> } {
  let script = "";
  const dirs: string[] = [];
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    const outDir = join(serverDir, "dist", folder);
    mkdirSync(outDir, { recursive: true });
    script = join(outDir, `main-${process.pid}.mjs`);
    await bundleServer({ outfile: script });
  }, 60_000);
  afterAll(() => {
    for (const file of serverBundleFiles(script).all) rmSync(file, { force: true });
  });
  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child?.once("exit", done));
      child.kill("SIGTERM");
      await exited;
    }
    child = undefined;
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return {
    /** Spawns it on a fresh database with `env` over the defaults; resolves at once, before it listens. */
    async start(env) {
      const dir = mkdtempSync(join(tmpdir(), `portfolio-${folder}-`));
      dirs.push(dir);
      const port = await freePort();
      const { LOG_FORMAT: _ignored, ...inherited } = process.env;
      const started = spawn(process.execPath, [...SERVER_NODE_FLAGS, script], {
        env: {
          ...inherited,
          DATABASE_URL: `file:${join(dir, "test.db")}`,
          MAIL_OUTBOX_DIR: join(dir, "outbox"),
          SITE_DIR: join(dir, "no-site"),
          PORT: String(port),
          HOST: "127.0.0.1",
          BCRYPT_COST: "4",
          NODE_ENV: "test",
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = started;
      let output = "";
      const keep = (chunk: Buffer) => {
        output += chunk.toString();
      };
      started.stdout?.on("data", keep);
      started.stderr?.on("data", keep);
      return { child: started, url: `http://127.0.0.1:${port}`, port, output: () => output };
    },
  };
}
