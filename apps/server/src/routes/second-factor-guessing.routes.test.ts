/**
 * A password thief guessing at the second factor (docs/security.md): answers are counted per account across
 * addresses and login steps, so many addresses buy no more guesses; minting a device token counts and audits
 * its codes the same way. Answers sent in parallel: answers-race.test.ts in core.
 */

import { codeNow, enableTotp, STEP_MS } from "@portfolio/testing/server/second-factor.ts";
import {
  OWNER,
  sentMails,
  startTestServer,
  type TestClient,
  type TestServer,
} from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const PAUSED =
  "Too many wrong codes were entered for this account. Signing in with a code is paused for up to an hour; the account has been told by e-mail.";
const WRONG_CODE = "That code is not correct. Check the code in your authenticator app and try again.";
const HOUR_MS = 60 * 60 * 1000;

let server: TestServer;
let secret: string;
/** Signed in with the password alone, before the authenticator was set up: minting asks it for a code. */
let owner: TestClient;
beforeEach(async () => {
  // Addresses come from X-Forwarded-For, as behind the balancer: the thief has as many as they like.
  server = await startTestServer({ env: { TRUST_PROXY: "1" } });
  owner = await server.login(OWNER.username, OWNER.password);
  ({ secret } = await enableTotp(server, owner, OWNER.password));
});
afterEach(async () => {
  await server.close();
});

const from = (n: number) => ({ "x-forwarded-for": `203.0.113.${n}` });
const wrongCode = () => codeNow(server, secret, 20 * STEP_MS);

/** The password from address `n`: a client holding a fresh login step. */
async function stepFrom(n: number) {
  const client = server.client();
  const res = await client.post("/api/login", { username: OWNER.username, password: OWNER.password }, from(n));
  expect(res.body).toEqual({ secondFactor: { methods: ["totp", "recovery"] } });
  return client;
}

/** Ten wrong codes, each from its own address and login step. */
async function tenWrongCodes() {
  for (let n = 1; n <= 10; n++) {
    const client = await stepFrom(n);
    const res = await client.post("/api/login/second-factor", { code: wrongCode() }, from(n));
    expect(res.body).toEqual({ error: WRONG_CODE });
  }
}

async function auditCount(action: string): Promise<number> {
  const rows = await server.core.db.selectFrom("audit_log").select("id").where("action", "=", action).execute();
  return rows.length;
}

describe("wrong second-factor codes per account", () => {
  it("pause the account's second step after ten in an hour: the right code from a new address is a 429", async () => {
    await tenWrongCodes();
    const client = await stepFrom(11);
    const res = await client.post("/api/login/second-factor", { code: codeNow(server, secret) }, from(11));
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: PAUSED });
    expect((await client.get("/api/me")).status).toBe(401);
  });

  it("mail the account once when its second step is paused, and audit the pause", async () => {
    await tenWrongCodes();
    for (let n = 11; n <= 13; n++) {
      const client = await stepFrom(n);
      expect((await client.post("/api/login/second-factor", { code: wrongCode() }, from(n))).status).toBe(429);
    }
    const mails = (await sentMails(server)).filter((m) => m.subject === "Wrong codes were entered for your account");
    expect(mails.map((m) => m.to)).toEqual([OWNER.email]);
    expect(mails[0]?.raw).toContain("someone knows your password: change it now.");
    expect(await auditCount("second_factor.paused")).toBe(1);
  });

  it("let the second step work again once the hour has passed", async () => {
    await tenWrongCodes();
    server.clock.advance(HOUR_MS);
    const client = await stepFrom(11);
    expect((await client.post("/api/login/second-factor", { code: codeNow(server, secret) }, from(11))).status).toBe(
      200,
    );
  });

  it("do not count right codes: signing in often never pauses the account", async () => {
    for (let n = 1; n <= 12; n++) {
      server.clock.advance(STEP_MS);
      const client = await stepFrom(n);
      expect((await client.post("/api/login/second-factor", { code: codeNow(server, secret) }, from(n))).status).toBe(
        200,
      );
    }
  });
});

describe("codes at device-token minting", () => {
  it("audit a wrong code as a failed second factor of the signed-in user", async () => {
    const res = await owner.post("/api/sync/tokens", { name: "Laptop", password: OWNER.password, code: wrongCode() });
    expect(res.body).toEqual({ error: WRONG_CODE });
    const rows = await server.core.db
      .selectFrom("audit_log")
      .select(["actor_name", "target_id", "details"])
      .where("action", "=", "second_factor.failed")
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.actor_name).toBe(OWNER.username);
    expect(JSON.parse(rows[0]?.details ?? "{}")).toEqual({ username: OWNER.username, deviceToken: true });
  });

  it("count wrong codes for the same account as the login's second step: both are paused together", async () => {
    for (let i = 0; i < 9; i++) {
      const res = await owner.post("/api/sync/tokens", { name: "Laptop", password: OWNER.password, code: wrongCode() });
      expect(res.status).toBe(400);
    }
    const step = await stepFrom(1);
    expect((await step.post("/api/login/second-factor", { code: wrongCode() }, from(1))).status).toBe(401);
    const minting = await owner.post("/api/sync/tokens", {
      name: "Laptop",
      password: OWNER.password,
      code: codeNow(server, secret),
    });
    expect(minting.status).toBe(429);
    expect(minting.body).toEqual({ error: PAUSED });
    const again = await stepFrom(2);
    expect((await again.post("/api/login/second-factor", { code: codeNow(server, secret) }, from(2))).status).toBe(429);
  });
});
