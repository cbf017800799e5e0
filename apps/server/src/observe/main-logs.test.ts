/**
 * What `portfolio-server` prints: the bundled server, started as `pnpm start` starts it, writes
 * one JSON line per entry when its output is not a terminal (a log collector's case), its startup messages
 * as `msg` so they still read as the README shows them, and readable lines with LOG_FORMAT=pretty.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "@portfolio/core/test/postgres-cluster";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../../node-flags.mjs";
import { bundleServer, serverBundleFiles } from "../../server-bundle.mjs";

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
let script: string;
let dir: string;
let child: ChildProcess | undefined;

beforeAll(async () => {
  // Beside dist/, so its npm imports resolve from apps/server/node_modules.
  const outDir = join(serverDir, "dist", "observe-test");
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

/** Starts the server and resolves once it printed its address, with everything it printed so far. */
async function start(env: Record<string, string>): Promise<{ url: string; output: () => string }> {
  dir = mkdtempSync(join(tmpdir(), "portfolio-main-logs-"));
  const port = await freePort();
  const { LOG_FORMAT: _ignored, ...inherited } = process.env;
  child = spawn(process.execPath, [...SERVER_NODE_FLAGS, script], {
    env: {
      ...inherited,
      DATABASE_URL: `file:${join(dir, "test.db")}`,
      MAIL_OUTBOX_DIR: join(dir, "outbox"),
      SITE_DIR: join(dir, "no-site"),
      PORT: String(port),
      HOST: "127.0.0.1",
      OWNER_EMAIL: "owner@example.com",
      BCRYPT_COST: "4",
      NODE_ENV: "test",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((ready, fail) => {
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`Listening on ${url}`)) ready();
    };
    child?.stdout?.on("data", keep);
    child?.stderr?.on("data", keep);
    child?.once("exit", (code) => fail(new Error(`The server exited (${code}) before listening:\n${output}`)));
  });
  return { url, output: () => output };
}

/** Waits until the output holds `text` (the request line is written when the answer ends). */
async function printed(output: () => string, text: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`"${text}" was never printed:\n${output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("portfolio-server's output", () => {
  it("is one JSON line per entry when not on a terminal, startup messages and requests alike", async () => {
    const { url, output } = await start({});
    const res = await fetch(`${url}/api/live`);
    const id = res.headers.get("x-request-id") as string;
    await printed(output, id);
    const entries = output()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const messages = entries.map((entry) => entry.msg);
    expect(messages).toContain('Created the owner account "owner" (owner@example.com).');
    expect(messages.some((msg) => String(msg).startsWith("Generated owner password (shown only once"))).toBe(true);
    expect(messages).toContain(`Listening on ${url}`);
    expect(entries.find((entry) => entry.reqId === id)).toMatchObject({
      level: "info",
      msg: "request",
      method: "GET",
      path: "/api/live",
      operation: "meta.live",
      status: 200,
    });
  });

  it("is readable lines with LOG_FORMAT=pretty", async () => {
    const { url, output } = await start({ LOG_FORMAT: "pretty", OWNER_PASSWORD: "owner-password-1" });
    const id = (await fetch(`${url}/api/live`)).headers.get("x-request-id") as string;
    await printed(output, id);
    const lines = output().trim().split("\n");
    expect(lines).toContainEqual(
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: Created the owner account "owner" \(owner@example\.com\)\.$/),
    );
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^\\[[\\d:]+\\] INFO: Listening on ${url}$`)));
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`INFO: GET /api/live 200 [\\d.]+ ms \\(meta\\.live\\) \\[${id}\\]$`)),
    );
    expect(output()).not.toContain('"msg"');
  });
});
