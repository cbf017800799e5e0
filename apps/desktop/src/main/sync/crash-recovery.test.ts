/**
 * A sync killed with SIGKILL in the middle of a long push, then started again, loses and doubles
 * nothing. The desktop main runs in a child process (testing/sync-child.ts) and reaches the real server
 * through a pass-through proxy on 127.0.0.1 that, on the chosen push, lets the server apply and commit
 * it, then kills the child before it can hear the answer: the worst moment, when the server has applied
 * the ops and the desktop still holds them.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Project } from "@portfolio/core/domain";
import { OWNER, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeKeychain } from "../../test/fake-safe-storage.ts";
import { openTestDesktop } from "../testing/harness.ts";

const desktopRoot = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const CREATES = 560;
const EDITS = 40;

let dir: string;
let server: TestServer;
let proxy: Server;
let proxyUrl: string;
const keychain = fakeKeychain();
/** Set by a test: called when the proxy has the server's answer to the Nth push. */
let onPush: ((count: number) => Promise<"kill" | "pass">) | undefined;
let pushes = 0;

/** Forwards every request to the server; may swallow a push's answer after the server committed it. */
function startProxy(target: () => string): Promise<Server> {
  const proxyServer = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (name === "host" || name === "content-length" || value === undefined) continue;
      headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const answer = await fetch(`${target()}${req.url}`, { method: req.method, headers, body });
    const text = await answer.text();
    if (req.method === "POST" && req.url === "/api/sync/push" && onPush) {
      if ((await onPush(++pushes)) === "kill") {
        res.socket?.destroy();
        return;
      }
    }
    const out: Record<string, string | string[]> = { "content-type": answer.headers.get("content-type") ?? "" };
    const cookies = answer.headers.getSetCookie();
    if (cookies.length > 0) out["set-cookie"] = cookies;
    res.writeHead(answer.status, out).end(text);
  });
  proxyServer.listen(0, "127.0.0.1");
  return new Promise((resolve) => proxyServer.once("listening", () => resolve(proxyServer)));
}

function runChild(userDataDir: string): {
  child: ChildProcess;
  done: Promise<{ code: number | null; signal: string | null; stdout: string }>;
} {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main/testing/sync-child.ts", userDataDir], {
    cwd: desktopRoot,
    env: { ...process.env, DESKTOP_TEST_KEYCHAIN_KEY: keychain.key.toString("hex") },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (data) => {
    stdout += String(data);
  });
  child.stderr?.on("data", (data) => {
    stderr += String(data);
  });
  const done = new Promise<{ code: number | null; signal: string | null; stdout: string }>((resolve) =>
    child.once("exit", (code, signal) => {
      if (code !== 0 && signal === null) console.error(stderr);
      resolve({ code, signal, stdout });
    }),
  );
  return { child, done };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "portfolio-desktop-crash-"));
  let serverUrl = "";
  proxy = await startProxy(() => serverUrl);
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  // The desktop knows the server by the proxy's address, which is therefore the server's public origin.
  server = await startTestServer({ env: { PUBLIC_URL: proxyUrl } });
  serverUrl = server.url;
}, 60_000);
afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a sync killed mid-push", () => {
  it("is started again and loses and doubles nothing", async () => {
    const userData = join(dir, "user-data");
    // Connect and edit offline in this process, then leave the sync to the child.
    const desktop = await openTestDesktop({ dir: userData, keychain });
    await desktop.value("desktop.connect", { serverUrl: proxyUrl, username: OWNER.username, password: OWNER.password });
    const seeded = (await desktop.value<{ projects: Project[] }>("projects.list")).projects;
    for (let i = 0; i < CREATES; i++) {
      await desktop.value("projects.create", { title: `Crash ${i}`, description: "Made before the crash." });
    }
    for (let i = 0; i < EDITS; i++) {
      const project = seeded[i % seeded.length] as Project;
      await desktop.value("projects.update", { id: project._id, tags: [`edit-${i}`] });
    }
    expect((await desktop.main.state()).pending).toBe(CREATES + EDITS);
    await desktop.main.close();

    // First run: the first batch (500 ops) is filed; the second is applied by the server, then the child dies.
    let killed: Promise<unknown> | undefined;
    const first = runChild(userData);
    onPush = async (count) => {
      if (count < 2) return "pass";
      first.child.kill("SIGKILL");
      killed = first.done;
      await killed;
      return "kill";
    };
    const crashed = await first.done;
    expect(crashed.signal).toBe("SIGKILL");
    expect(pushes).toBe(2);
    const serverOps = await server.core.db.selectFrom("sync_ops").select("op_id").execute();
    expect(serverOps).toHaveLength(CREATES + EDITS);

    // Second run: the unfiled ops go again, answered as duplicates; nothing is applied twice.
    onPush = async () => "pass";
    const second = runChild(userData);
    const finished = await second.done;
    expect(finished.code).toBe(0);
    const reply = JSON.parse(finished.stdout.trim().split("\n").at(-1) ?? "{}");
    expect(reply).toMatchObject({ ok: true, value: { pending: 0, attention: 0, lastError: null } });

    const projects = (await server.client().get<{ projects: Project[] }>("/api/projects")).body.projects;
    const crashTitles = projects.filter((p) => p.title.startsWith("Crash ")).map((p) => p.title);
    expect(crashTitles).toHaveLength(CREATES);
    expect(new Set(crashTitles).size).toBe(CREATES);
    expect(projects.filter((p) => p.title.startsWith("Crash ")).every((p) => p.version === 1)).toBe(true);
    // Each seeded project got its edits exactly once: its version moved by that many.
    for (const [index, project] of seeded.entries()) {
      const edits = Array.from({ length: EDITS }, (_, i) => i).filter((i) => i % seeded.length === index);
      const now = projects.find((p) => p._id === project._id) as Project;
      expect(now.version).toBe(project.version + edits.length);
      expect(now.tags).toEqual([`edit-${edits.at(-1)}`]);
    }
    expect(await server.core.db.selectFrom("sync_ops").select("op_id").execute()).toHaveLength(CREATES + EDITS);
  }, 120_000);
});
