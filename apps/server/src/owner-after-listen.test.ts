/**
 * A first start listens before it hashes the owner's password (http/startup-gate.ts): the public reads answer
 * at once, and a request that comes before the owner exists waits for it, answered as it would be later.
 * The bundled server, started as `pnpm start` starts it, on a fresh database.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "@portfolio/core/test/postgres-cluster";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../node-flags.mjs";
import { bundleServer, serverBundleFiles } from "../server-bundle.mjs";

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PASSWORD = "owner-password-1";
let script: string;
let dir: string;
let child: ChildProcess | undefined;
let output = "";

beforeAll(async () => {
  // Beside dist/, so its npm imports resolve from apps/server/node_modules.
  const outDir = join(serverDir, "dist", "start-test");
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
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the server on a fresh database and resolves the moment its port accepts a connection. */
async function startFresh(): Promise<string> {
  dir = mkdtempSync(join(tmpdir(), "portfolio-owner-after-listen-"));
  const port = await freePort();
  output = "";
  const { LOG_FORMAT: _ignored, ...inherited } = process.env;
  child = spawn(process.execPath, [...SERVER_NODE_FLAGS, script], {
    env: {
      ...inherited,
      DATABASE_URL: `file:${join(dir, "test.db")}`,
      MAIL_OUTBOX_DIR: join(dir, "outbox"),
      SITE_DIR: join(dir, "no-site"),
      PORT: String(port),
      HOST: "127.0.0.1",
      OWNER_PASSWORD: PASSWORD,
      // Slow enough that a request before the hash is done is a request before the owner exists.
      BCRYPT_COST: "12",
      NODE_ENV: "test",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const deadline = Date.now() + 30_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`The server did not listen:\n${output}`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return `http://127.0.0.1:${port}`;
}

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

function login(url: string, password: string) {
  return fetch(`${url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url.replace("127.0.0.1", "localhost") },
    body: JSON.stringify({ username: "owner", password }),
  });
}

it("answers the first public read before it hashes the owner's password", async () => {
  const url = await startFresh();
  const res = await fetch(`${url}/api/projects`);
  expect(res.status).toBe(200);
  expect(((await res.json()) as { projects: unknown[] }).projects).toHaveLength(14);
  expect(output).not.toContain("Created the owner account");
});

it("answers a login sent the moment the port opens as it answers one later: the owner is signed in", async () => {
  const url = await startFresh();
  const early = await login(url, PASSWORD);
  expect(early.status).toBe(200);
  const later = await login(url, PASSWORD);
  expect(later.status).toBe(200);
  expect(await early.json()).toEqual(await later.json());
});
