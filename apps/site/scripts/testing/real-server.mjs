/**
 * Starts the real server (apps/server/dist/main.js) serving the real static export (apps/site/dist) on a
 * free 127.0.0.1 port, with a fresh temporary database and mail outbox. Used by the Playwright global
 * setup and by the site benchmark. Builds nothing: `pnpm build` must have run.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "@portfolio/core/test/free-port";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
export const SERVER_MAIN = join(REPO_ROOT, "apps/server/dist/main.js");
export const SITE_DIST = join(REPO_ROOT, "apps/site/dist");

export const OWNER = { username: "owner", email: "owner@example.test", password: "Owner-Passw0rd!" };

/**
 * `hostname: "localhost"` serves the site as http://localhost:<port> (passkeys: an IP address is no valid
 * WebAuthn relying party).
 * @param {{ env?: Record<string, string>, log?: (line: string) => void, timeoutMs?: number, hostname?: string }} [options]
 */
export async function startRealServer(options = {}) {
  for (const [what, path] of [
    ["server bundle", SERVER_MAIN],
    ["site export", join(SITE_DIST, "index.html")],
  ]) {
    if (!existsSync(path)) throw new Error(`The ${what} is missing (${path}). Run "pnpm build" first.`);
  }
  const dir = await mkdtemp(join(tmpdir(), "portfolio-site-"));
  const outboxDir = join(dir, "outbox");
  const port = await freePort();
  const baseUrl = `http://${options.hostname ?? "127.0.0.1"}:${port}`;
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${join(dir, "portfolio.db")}`,
      MAIL_OUTBOX_DIR: outboxDir,
      OWNER_USERNAME: OWNER.username,
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      BCRYPT_COST: "4",
      NODE_ENV: "test",
      PUBLIC_URL: baseUrl,
      SITE_DIR: SITE_DIST,
      // One server, no balancer to hand over to: stop at once.
      SHUTDOWN_DRAIN_MS: "0",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = [];
  const log = options.log ?? (() => {});
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await new Promise((ready, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`The server did not print "Listening on" in time.\n${output.join("")}`)),
        options.timeoutMs ?? 30_000,
      );
      // Once listening, the output is only passed to `log` (when a caller reads it), never kept: a server shared
      // by a Playwright worker writes a line per request for hundreds of tests, and keeping and searching all of
      // it again at every chunk cost the worker CPU that grew with the square of the run.
      const onLaterData = (chunk) => {
        if (options.log) for (const line of chunk.toString().split("\n")) if (line.trim()) log(line);
      };
      const onData = (chunk) => {
        const text = chunk.toString();
        output.push(text);
        for (const line of text.split("\n")) if (line.trim()) log(line);
        if (output.join("").includes("Listening on")) {
          clearTimeout(timer);
          for (const stream of [child.stdout, child.stderr]) {
            stream.off("data", onData);
            stream.on("data", onLaterData);
          }
          ready(undefined);
        }
      };
      child.stdout.on("data", onData);
      child.stderr.on("data", onData);
      child.once("exit", (code) => {
        clearTimeout(timer);
        fail(new Error(`The server exited with code ${code} before listening.\n${output.join("")}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, port, dir, outboxDir, pid: child.pid, stop };
}
