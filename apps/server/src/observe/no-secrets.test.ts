/**
 * Nothing secret in a log line or a metric label: requests carrying a password, a cookie, a bearer
 * token, an e-mail address and a token in a query leave none of them in the log output or in /metrics.
 */

import { connectDevice } from "@portfolio/testing/server/device-client.ts";
import { OWNER, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, describe, expect, it } from "vitest";

const METRICS_TOKEN = "metrics-token-never-logged-0123456789";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("logs and metrics", () => {
  it("never hold a password, cookie, bearer token, e-mail address or query token that requests carried", async () => {
    server = await startTestServer({ env: { METRICS_TOKEN } });
    const secrets = {
      email: "someone.private@example.org",
      password: "P4ssw0rd-never-logged",
      cookie: "cookie-value-never-logged",
      bearer: "bearer-value-never-logged",
      queryToken: "query-token-never-logged",
    };
    const client = server.client();
    // A login by e-mail address with a password, a cookie and a bearer token all at once.
    const refused = await client.post(
      "/api/login",
      { username: secrets.email, password: secrets.password },
      { cookie: `session=${secrets.cookie}`, authorization: `Bearer ${secrets.bearer}` },
    );
    expect(refused.status).toBeGreaterThanOrEqual(400);
    await client.get(`/activate-account?token=${secrets.queryToken}&email=${secrets.email}`);
    await client.post("/api/reset-password/check", { token: secrets.queryToken });
    // Real credentials too: the owner's password and session cookie, and a device token in use.
    const owner = await server.login(OWNER.username, OWNER.password);
    await owner.get("/api/me");
    const { device } = await connectDevice(server, OWNER.username, OWNER.password);
    await device.call("GET", "/api/sync/pull");
    const metrics = await (
      await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    await server.core.inFlight.settled();

    const sessionCookie = owner.cookies.get("session");
    expect(sessionCookie).toBeTruthy();
    const found = [
      ...Object.values(secrets),
      OWNER.password,
      OWNER.email,
      sessionCookie as string,
      device.token,
      METRICS_TOKEN,
    ];
    const requestLines = server.logOutput.filter((line) => line.includes('"msg":"request"'));
    expect(requestLines.length).toBeGreaterThanOrEqual(7);
    const output = server.logOutput.join("\n");
    for (const secret of found) {
      expect(output).not.toContain(secret);
      expect(metrics).not.toContain(secret);
    }
    // Decoded or encoded, an address is never there either.
    expect(output).not.toMatch(/example\.org|%40/);
  });
});
