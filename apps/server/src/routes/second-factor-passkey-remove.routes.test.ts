/**
 * Removing a passkey asks for the password, as turning the authenticator off does (docs/security.md: the
 * password thief and the signed-in user); the recovery codes go with the last factor, only after that check.
 */

import { enableTotp } from "@portfolio/testing/server/second-factor.ts";
import { SoftAuthenticator } from "@portfolio/testing/server/soft-authenticator.ts";
import {
  OWNER,
  outboxMails,
  startTestServer,
  type TestClient,
  type TestServer,
} from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

let server: TestServer;
let device: SoftAuthenticator;
let owner: TestClient;
beforeEach(async () => {
  server = await startTestServer();
  device = new SoftAuthenticator(server.config.publicUrl);
  owner = await server.login(OWNER.username, OWNER.password);
});
afterEach(async () => {
  await server.close();
});

async function addPasskey(name = "Laptop"): Promise<string> {
  const options = await owner.post<Record<string, unknown>>("/api/account/passkeys/options", {
    password: OWNER.password,
  });
  const added = await owner.post<{ id: string }>("/api/account/passkeys", {
    name,
    response: device.register(options.body),
  });
  expect(added.status).toBe(201);
  return added.body.id;
}

const remove = (id: string, body?: unknown) => owner.request("DELETE", `/api/account/passkeys/${id}`, body);

async function state() {
  const security = await owner.get<{ passkeys: unknown[]; recoveryCodesLeft: number }>("/api/account/security");
  return { passkeys: security.body.passkeys.length, recoveryCodesLeft: security.body.recoveryCodesLeft };
}

describe("removing a passkey", () => {
  it("refuses a wrong password with the authenticator removal's message, and keeps the passkey", async () => {
    const id = await addPasskey();
    const wrong = await remove(id, { password: "not-the-password" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: "The password is not correct." });
    expect((await state()).passkeys).toBe(1);
  });

  it("refuses a removal without the password, and keeps the passkey", async () => {
    const id = await addPasskey();
    const missing = await remove(id, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: "Password is required." });
    expect((await state()).passkeys).toBe(1);
  });

  it("removes it with the password, audited and mailed", async () => {
    const id = await addPasskey("Work laptop");
    expect((await remove(id, { password: OWNER.password })).status).toBe(204);
    expect((await state()).passkeys).toBe(0);
    const audit = await server.core.db.selectFrom("audit_log").select("action").execute();
    expect(audit.map((r) => r.action)).toContain("second_factor.passkey_removed");
    await server.core.mailer.drain();
    expect(
      outboxMails(server.outboxDir).some((m) => m.raw.includes('The passkey named "Work laptop" was removed')),
    ).toBe(true);
  });

  it("takes the recovery codes with the last factor, only once the password is right", async () => {
    const id = await addPasskey();
    const codes = await owner.post<{ recoveryCodes: string[] }>("/api/account/recovery-codes", {
      password: OWNER.password,
    });
    expect(codes.status).toBe(200);
    await remove(id, { password: "not-the-password" });
    expect(await state()).toEqual({ passkeys: 1, recoveryCodesLeft: 10 });
    expect((await remove(id, { password: OWNER.password })).status).toBe(204);
    expect(await state()).toEqual({ passkeys: 0, recoveryCodesLeft: 0 });
  });

  it("keeps the recovery codes while the authenticator app is still on", async () => {
    await enableTotp(server, owner, OWNER.password);
    const id = await addPasskey();
    expect((await remove(id, { password: OWNER.password })).status).toBe(204);
    expect(await state()).toEqual({ passkeys: 0, recoveryCodesLeft: 10 });
  });
});
