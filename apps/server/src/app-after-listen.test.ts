/**
 * A start listens before it loads and builds Express and the routes (main.ts; docs/performance.md, "Start"):
 * only the public reads are answered at once, and every other request waits for the app. Here on an
 * existing database (a restart), as `pnpm start` starts it: a login and an admin read sent the moment the
 * port opens are answered exactly as the same requests sent later.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { type BundledServer, bundledServer, listening } from "./test/bundled-server.ts";

const PASSWORD = "owner-password-1";
const server = bundledServer("app-start-test");
const dir = mkdtempSync(join(tmpdir(), "portfolio-app-after-listen-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = { OWNER_PASSWORD: PASSWORD, DATABASE_URL: `file:${join(dir, "test.db")}` };

/** Starts the server on the test's database and resolves the moment its port accepts a connection. */
async function startListening(): Promise<BundledServer> {
  return listening(await server.start(env));
}

async function stop(started: BundledServer): Promise<void> {
  const exited = new Promise((done) => started.child.once("exit", done));
  started.child.kill("SIGTERM");
  await exited;
}

/** A login, then an admin read with its session, and the health check: each answer's status and body. */
async function signInAndRead(url: string) {
  const origin = url.replace("127.0.0.1", "localhost");
  const login = await fetch(`${url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ username: "owner", password: PASSWORD }),
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const roles = await fetch(`${url}/api/admin/roles`, { headers: { cookie, origin } });
  const health = await fetch(`${url}/api/health`);
  return {
    login: { status: login.status, body: await login.json() },
    roles: { status: roles.status, body: await roles.json() },
    health: { status: health.status, body: await health.json() },
  };
}

it("answers a login and an admin read sent the moment the port opens of a restart as it answers them later", async () => {
  // The first start creates the database and the owner; the second is the restart under test.
  const first = await startListening();
  const created = await signInAndRead(first.url);
  expect(created.login.status).toBe(200);
  await stop(first);

  const restarted = await startListening();
  const early = await signInAndRead(restarted.url);
  const later = await signInAndRead(restarted.url);
  expect(early.roles.status).toBe(200);
  expect(early).toEqual(later);
}, 60_000);
