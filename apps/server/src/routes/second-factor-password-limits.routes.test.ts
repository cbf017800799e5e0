/**
 * Calls that ask a signed-in user's password again (minting a device token, changing the password, setting up
 * or removing an authenticator, new recovery codes, passkey options) are limited per signed-in user, never by
 * a field their bodies do not have (docs/security.md): no one can spend the limit for everybody, and a stolen
 * session guessing the password meets it from any address.
 */

import { OWNER, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: "1" } });
});
afterEach(async () => {
  await server.close();
});

const from = (n: number) => ({ "x-forwarded-for": `198.51.100.${n}` });

describe("a password-confirmed call", () => {
  it("is not blocked by 40 anonymous bad logins from 4 addresses", async () => {
    const owner = server.client();
    expect(
      (await owner.post("/api/login", { username: OWNER.username, password: OWNER.password }, from(9))).status,
    ).toBe(200);
    for (let n = 1; n <= 4; n++)
      for (let i = 0; i < 10; i++) await server.client().post("/api/login", { password: `guess-${i}` }, from(n));
    const res = await owner.post("/api/account/totp", { password: OWNER.password }, from(9));
    expect(res.status).toBe(200);
  });

  it("limits a signed-in user's own wrong passwords, from any address (429 after ten)", async () => {
    const owner = server.client();
    await owner.post("/api/login", { username: OWNER.username, password: OWNER.password }, from(20));
    for (let n = 1; n <= 10; n++) {
      const res = await owner.post("/api/account/totp", { password: `guess-${n}` }, from(n));
      expect(res.body).toEqual({ error: "The password is not correct." });
    }
    const limited = await owner.post("/api/account/totp", { password: OWNER.password }, from(11));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: "Too many wrong passwords. Please wait a few minutes and try again." });
  });
});
