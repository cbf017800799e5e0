/**
 * A first start listens before it hashes the owner's password (http/startup-gate.ts): the public reads answer
 * at once, and a request that comes before the owner exists waits for it, answered as it would be later.
 * The bundled server, started as `pnpm start` starts it, on a fresh database.
 */
import { expect, it } from "vitest";
import { type BundledServer, bundledServer, listening } from "./test/bundled-server.ts";

const PASSWORD = "owner-password-1";
const server = bundledServer("start-test");
let started: BundledServer;

/** Starts the server on a fresh database and resolves the moment its port accepts a connection. */
async function startFresh(): Promise<string> {
  started = await server.start({
    OWNER_PASSWORD: PASSWORD,
    // Slow enough that a request before the hash is done is a request before the owner exists.
    BCRYPT_COST: "12",
  });
  await listening(started);
  return started.url;
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
  expect(started.output()).not.toContain("Created the owner account");
});

it("answers a login sent the moment the port opens as it answers one later: the owner is signed in", async () => {
  const url = await startFresh();
  const early = await login(url, PASSWORD);
  expect(early.status).toBe(200);
  const later = await login(url, PASSWORD);
  expect(later.status).toBe(200);
  expect(await early.json()).toEqual(await later.json());
});
