/** /login while logged in goes where a logged-in user belongs, before any login form is sent. */

import type { RoleAccounts } from "@portfolio/testing/server/accounts.ts";
import { serverWithAccounts } from "@portfolio/testing/server/server-with-accounts.ts";
import type { TestClient, TestServer } from "@portfolio/testing/server/test-server.ts";
import { describe, expect, it } from "vitest";

let server: TestServer;
let accounts: RoleAccounts;
serverWithAccounts((started) => ({ server, accounts } = started), { once: true });

/** GET the path as the client's browser would, without following a redirect. */
function open(client: TestClient, path = "/login", cookie?: string) {
  const jar = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const header = cookie ?? jar;
  return fetch(server.url + path, { redirect: "manual", headers: header ? { cookie: header } : {} });
}

describe("GET /login", () => {
  it("sends staff with website:admin:view to the admin panel", async () => {
    for (const who of ["owner", "admin", "moderator"] as const) {
      const res = await open(accounts.as[who]);
      expect(res.status, who).toBe(302);
      expect(res.headers.get("location"), who).toBe("/admin/settings");
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("sends any other logged-in user home, also on /login/", async () => {
    for (const path of ["/login", "/login/"]) {
      const res = await open(accounts.as.user, path);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    }
  });

  it("serves the login page (no redirect) without a session or with a dead one", async () => {
    expect((await open(server.client())).status).not.toBe(302);
    expect((await open(server.client(), "/login", "session=not-a-live-session")).status).not.toBe(302);
  });

  it("after logout the login page is served again", async () => {
    const client = await server.login("user1", "account-pass-1");
    expect((await open(client)).status).toBe(302);
    const session = client.cookies.get("session") ?? "";
    await client.post("/api/logout");
    expect((await open(client, "/login", `session=${session}`)).status).not.toBe(302);
  });
});
