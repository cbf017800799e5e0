/** SIGTERM: stop accepting, finish what is in flight, close the pool, exit 0 within 10 s. */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DRAINING_MESSAGE } from "./drain.ts";

let dir: string;
let script: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "portfolio-shutdown-"));
  script = join(dir, "server.mjs");
  await build({
    entryPoints: [join(import.meta.dirname, "shutdown.fixture.ts")],
    outfile: script,
    bundle: true,
    platform: "node",
    format: "esm",
    logLevel: "silent",
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Child {
  process: ChildProcess;
  port: number;
  output(): string;
  /** Resolves once the child has printed `text`. */
  printed(text: string): Promise<void>;
  exited: Promise<{ code: number | null }>;
}

async function startChild(env: Record<string, string> = {}): Promise<Child> {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  const exited = new Promise<{ code: number | null }>((resolve) => child.once("exit", (code) => resolve({ code })));
  const printed = (text: string) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!out.includes(text)) return;
        child.stdout?.off("data", check);
        resolve();
      };
      child.stdout?.on("data", check);
      check();
    });
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  await printed("listening ");
  const port = Number(/listening (\d+)/.exec(out)?.[1]);
  return { process: child, port, output: () => out, printed, exited };
}

function get(port: number, path: string, agent: Agent | false = false): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, agent }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("installGracefulShutdown", () => {
  it("finishes a request in flight, refuses new ones, closes the pool and exits 0", async () => {
    const child = await startChild();
    // A keep-alive connection, as a load balancer holds: it must not keep the process alive afterwards.
    const keepAlive = new Agent({ keepAlive: true });
    const inFlight = get(child.port, "/slow", keepAlive);
    await child.printed("request /slow");
    child.process.kill("SIGTERM");
    // The log line is written in the same step that stops accepting connections. The listening socket is
    // closed on the child's next loop turn: a connection the kernel took just before then is reset, one
    // after is refused; either way the new request gets no answer.
    await child.printed("Shutting down: finishing requests in flight.");
    await expect(get(child.port, "/fast")).rejects.toThrow(/ECONNREFUSED|ECONNRESET/);
    expect(await inFlight).toEqual({ status: 200, body: "done" });
    const { code } = await child.exited;
    // Exit 0 without the grace period's cut: the idle keep-alive connection did not hold the process.
    expect(code).toBe(0);
    expect(child.output()).not.toContain("Requests still running");
    expect(child.output()).toContain("pool closed");
    keepAlive.destroy();
  });

  it("cuts requests still running after the grace period and exits 1", async () => {
    const child = await startChild({ GRACE_MS: "500" });
    const hanging = get(child.port, "/hang").catch((error: Error) => error);
    await child.printed("request /hang");
    child.process.kill("SIGTERM");
    const { code } = await child.exited;
    expect(code).toBe(1);
    expect(await hanging).toBeInstanceOf(Error);
    expect(child.output()).toContain("Requests still running after 500 ms: closing them.");
    expect(child.output()).toContain("pool closed");
  });

  it("with a drain, still answers new connections after SIGTERM, health with 503, then stops accepting and exits 0", async () => {
    const child = await startChild({ DRAIN_MS: "1500" });
    child.process.kill("SIGTERM");
    // The signal arrives on the child's next loop turn: ask until the drain has begun.
    let health = await get(child.port, "/api/health");
    while (health.status === 200) health = await get(child.port, "/api/health");
    expect(health).toEqual({ status: 503, body: JSON.stringify({ error: DRAINING_MESSAGE }) });
    expect(await get(child.port, "/fast")).toEqual({ status: 200, body: "done" });
    expect(child.output()).not.toContain("Shutting down");
    await child.printed("drained");
    await child.printed("Shutting down: finishing requests in flight.");
    expect((await child.exited).code).toBe(0);
  });
});
