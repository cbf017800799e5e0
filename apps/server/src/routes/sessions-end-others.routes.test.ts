/**
 * 'Log out everywhere else': POST /api/sessions/end-others ends every browser session of the
 * caller but their own, leaves other users and the caller's desktop tokens alone, and is audited.
 */

import { createAccount, PASSWORD } from "@portfolio/testing/server/accounts.ts";
import { connectDevice } from "@portfolio/testing/server/device-client.ts";
import { OWNER, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

describe("POST /api/sessions/end-others", () => {
  it("ends the caller's other sessions, keeps the calling one and answers how many ended", async () => {
    const first = await server.login(OWNER.username, OWNER.password);
    const second = await server.login(OWNER.username, OWNER.password);
    const caller = await server.login(OWNER.username, OWNER.password);
    const res = await caller.post("/api/sessions/end-others");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ended: 2 });
    expect((await first.get("/api/me")).status).toBe(401);
    expect((await second.get("/api/me")).status).toBe(401);
    expect((await caller.get("/api/me")).status).toBe(200);
    const left = await caller.get<{ sessions: { current: boolean }[] }>("/api/sessions");
    expect(left.body.sessions).toEqual([expect.objectContaining({ current: true })]);
  });

  it("leaves another user's sessions alone", async () => {
    await createAccount(server, "ann", ["website:view"]);
    const ann = await server.login("ann", PASSWORD);
    const owner = await server.login(OWNER.username, OWNER.password);
    expect((await owner.post("/api/sessions/end-others")).body).toEqual({ ended: 0 });
    expect((await ann.get("/api/me")).status).toBe(200);
  });

  it("keeps the caller's desktop app connected: device tokens are revoked one by one, by name", async () => {
    const { device } = await connectDevice(server, OWNER.username, OWNER.password);
    const caller = await server.login(OWNER.username, OWNER.password);
    expect((await caller.post("/api/sessions/end-others")).body).toEqual({ ended: 1 });
    expect((await device.call("GET", "/api/me")).status).toBe(200);
  });

  it("records who ended how many sessions in the audit log", async () => {
    await server.login(OWNER.username, OWNER.password);
    const caller = await server.login(OWNER.username, OWNER.password);
    await caller.post("/api/sessions/end-others");
    const rows = await server.core.db
      .selectFrom("audit_log")
      .select(["actor_name", "action", "target_type", "details"])
      .where("action", "=", "session.ended_others")
      .execute();
    expect(rows).toEqual([
      { actor_name: "owner", action: "session.ended_others", target_type: "user", details: '{"ended":1}' },
    ]);
  });

  it("refuses a device token, which has no session of its own to keep, and ends nothing", async () => {
    const { web, device } = await connectDevice(server, OWNER.username, OWNER.password);
    const res = await device.call("POST", "/api/sessions/end-others");
    expect({ status: res.status, body: res.body }).toEqual({
      status: 403,
      body: { error: "A device token cannot make this call." },
    });
    expect((await web.get("/api/me")).status).toBe(200);
  });

  it("answers 401 without a session", async () => {
    const res = await server.client().post("/api/sessions/end-others");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "You must be logged in." });
  });
});
