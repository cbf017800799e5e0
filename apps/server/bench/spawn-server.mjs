// Starts one server as its own Node process and waits until it answers 200.
// The time from spawn to that first 200 is the cold start we report.
import { spawn } from "node:child_process";
import { mkdir } from "node:fs/promises";
import http from "node:http";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { freePort } from "@portfolio/core/test/free-port";
import { SERVER_NODE_FLAGS } from "../node-flags.mjs";
import { trackChild } from "./cleanup.mjs";
import { serverEntry } from "./ensure-build.mjs";

const POLL_INTERVAL_MS = 10;
const START_TIMEOUT_MS = 30_000;
const LOG_TAIL_CHARS = 4000;

export class ServerStartError extends Error {}

/**
 * @param {{ name: string, script: string, port: number, env: Record<string, string>, path?: string }} options
 */
export async function startServer({ name, script, port, env, path = "/api/projects", nodeArgs = [] }) {
  const url = `http://127.0.0.1:${port}${path}`;
  const startedAt = performance.now();
  // Spawn node itself (no shell, no npm wrapper) so child.pid is the server's
  // pid: peak RSS is read from /proc/<pid>, and kill reaches the right process.
  const child = trackChild(
    spawn(process.execPath, [...nodeArgs, script], {
      env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );

  // Keep only the tail of its output: enough to explain a failed start, and
  // draining the pipes keeps a chatty server from blocking on a full buffer.
  let log = "";
  const keep = (chunk) => {
    log = (log + chunk).slice(-LOG_TAIL_CHARS);
  };
  child.stdout.setEncoding("utf8").on("data", keep);
  child.stderr.setEncoding("utf8").on("data", keep);

  let exited = null;
  child.once("exit", (code, signal) => {
    exited = signal ?? `code ${code}`;
  });
  child.once("error", (error) => {
    exited = error.message;
  });

  while (true) {
    if (exited !== null) {
      throw new ServerStartError(`${name} exited before answering (${exited}).\n${log}`);
    }
    if (performance.now() - startedAt > START_TIMEOUT_MS) {
      throw new ServerStartError(`${name} did not answer 200 on ${url} within ${START_TIMEOUT_MS} ms.\n${log}`);
    }
    if ((await statusOf(url)) === 200) break;
    await sleep(POLL_INTERVAL_MS);
  }

  return {
    name,
    url,
    pid: child.pid,
    coldStartMs: performance.now() - startedAt,
    log: () => log,
    /** Stops it gracefully (SIGTERM, so SQLite closes cleanly) and waits until it has exited. */
    stop: () =>
      new Promise((resolve) => {
        if (exited !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

// A fresh connection per probe (agent: false) so a refused connect fails fast
// and no keep-alive socket lingers into the load test.
export function statusOf(url) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(null));
  });
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Our production bundle, launched exactly as `pnpm start` and the portfolio-server bin launch it (same Node
 * flags), in production mode, on a fresh database and mail outbox in `dir`.
 */
export async function startOurServer({ name, dir, path, env = {} }) {
  await mkdir(join(dir, "outbox"), { recursive: true });
  return startServer({
    name,
    script: serverEntry,
    nodeArgs: SERVER_NODE_FLAGS,
    port: await freePort(),
    path,
    env: {
      DATABASE_URL: `file:${join(dir, "bench.db")}`,
      MAIL_OUTBOX_DIR: join(dir, "outbox"),
      OWNER_PASSWORD: "bench-owner-password",
      NODE_ENV: "production",
      // The owner's password is hashed while seeding, so this cost is part of
      // cold start. 10 is the lowest the server accepts with NODE_ENV=production
      // (config.ts refuses less), and below the default 12 a deployment uses.
      BCRYPT_COST: "10",
      // One server, no balancer to hand over to: stop at once (cleanup.mjs waits 2 s before SIGKILL).
      SHUTDOWN_DRAIN_MS: "0",
      ...env,
    },
  });
}
