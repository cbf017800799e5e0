/**
 * Passkeys (docs/security.md, promise 30): adding, listing and removing them, signing in with one alone (user
 * verification required), and as the second step after a password. Answers come from a software
 * authenticator at the outer edge; the server's WebAuthn library checks them for real.
 */

import { passwordStep } from "@portfolio/testing/server/second-factor.ts";
import { SoftAuthenticator } from "@portfolio/testing/server/soft-authenticator.ts";
import { OWNER, startTestServer, type TestClient, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

// docs/security.md, promise 30: passkeys sign in alone with user verification, or as the second factor.
let server: TestServer;
let device: SoftAuthenticator;
beforeEach(async () => {
  server = await startTestServer();
  device = new SoftAuthenticator(server.config.publicUrl);
});
afterEach(async () => {
  await server.close();
});

async function addPasskey(client: TestClient, name = "Laptop") {
  const options = await client.post<Record<string, unknown>>("/api/account/passkeys/options", {
    password: OWNER.password,
  });
  expect(options.status).toBe(200);
  return client.post<{ id: string; name: string }>("/api/account/passkeys", {
    name,
    response: device.register(options.body),
  });
}

async function passkeySignIn(client = server.client()) {
  const options = await client.post<Record<string, unknown>>("/api/login/passkey/options", {});
  return { client, res: await client.post("/api/login/passkey", { response: device.authenticate(options.body) }) };
}

describe("adding a passkey", () => {
  it("asks for the password, offers a discoverable credential with user verification, and answers 201 {id, name}", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    const wrong = await owner.post("/api/account/passkeys/options", { password: "nope-nope-1" });
    expect(wrong.body).toEqual({ error: "The password is not correct." });
    const options = await owner.post<Record<string, unknown>>("/api/account/passkeys/options", {
      password: OWNER.password,
    });
    expect(options.body).toMatchObject({
      rp: { id: "127.0.0.1", name: "Portfolio" },
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    const res = await owner.post("/api/account/passkeys", { name: "Laptop", response: device.register(options.body) });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), name: "Laptop" });
    const list = await owner.get<{ passkeys: { name: string }[] }>("/api/account/passkeys");
    expect(list.body.passkeys).toEqual([
      { id: res.body.id, name: "Laptop", createdAt: expect.any(String), lastUsedAt: null },
    ]);
  });

  it("refuses an answer to no challenge of ours", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    const res = await owner.post("/api/account/passkeys", {
      name: "Forged",
      response: device.register({ rp: { id: "127.0.0.1" }, user: { id: "x" }, challenge: "not-ours" }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Start again: the passkey request has expired." });
  });

  it("is removed by its owner; then it signs in no more", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    const added = await addPasskey(owner);
    const removed = await owner.request("DELETE", `/api/account/passkeys/${added.body.id}`, {
      password: OWNER.password,
    });
    expect(removed.status).toBe(204);
    expect((await passkeySignIn()).res.status).toBe(401);
  });
});

describe("signing in with a passkey alone", () => {
  it("answers the login answer and starts a session", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    await addPasskey(owner);
    const options = await server.client().post("/api/login/passkey/options", {});
    expect(options.body).toMatchObject({ userVerification: "required", allowCredentials: [] });
    const { client, res } = await passkeySignIn();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ _id: expect.any(String), username: "owner", permissions: ["override:owner"] });
    expect((await client.get("/api/me")).status).toBe(200);
  });

  it("refuses a passkey without user verification", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    await addPasskey(owner);
    device.userVerified = false;
    const { res } = await passkeySignIn();
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "This passkey is not registered here. Sign in with your password instead." });
  });

  it("answers a challenge once: a replayed answer is refused", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    await addPasskey(owner);
    const client = server.client();
    const options = await client.post<Record<string, unknown>>("/api/login/passkey/options", {});
    const answer = device.authenticate(options.body);
    expect((await client.post("/api/login/passkey", { response: answer })).status).toBe(200);
    const replay = await client.post("/api/login/passkey", { response: answer });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ error: "Start again: the passkey request has expired." });
  });
});

describe("a passkey as the second factor after a password", () => {
  it("is offered after the password and ends the login step with a session", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    await addPasskey(owner);
    const { client, res } = await passwordStep(server, OWNER.username, OWNER.password);
    expect(res.body).toEqual({ secondFactor: { methods: ["passkey"] } });
    const options = await client.post<Record<string, unknown>>("/api/login/second-factor/passkey-options");
    expect(options.status).toBe(200);
    const done = await client.post("/api/login/second-factor", { passkey: device.authenticate(options.body) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ username: "owner" });
    expect((await client.get("/api/me")).status).toBe(200);
  });
});
