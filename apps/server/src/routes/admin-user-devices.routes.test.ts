/**
 * A user's devices in the admin panel over HTTP (docs/security.md, promise 26): staff with users:edit list and end their
 * device tokens and browser sessions, audited; the owner's are the owner's alone.
 */
import { DEFAULT_ROLES, type DeviceTokenView, type SessionView } from "@portfolio/core/domain";
import { createAccount, PASSWORD, type RoleAccounts } from "@portfolio/testing/server/accounts.ts";
import { DeviceClient } from "@portfolio/testing/server/device-client.ts";
import { serverWithAccounts } from "@portfolio/testing/server/server-with-accounts.ts";
import { OWNER, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { describe, expect, it } from "vitest";

/** A well-formed id no row has. */
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

let server: TestServer;
let accounts: RoleAccounts;
serverWithAccounts((started) => ({ server, accounts } = started), { once: true });

const MODERATOR = [...DEFAULT_ROLES.moderator.permissions];

/** A new staff account with a connected desktop app: its id, its device and the token's id. */
async function staffWithDevice(prefix: string, permissions: string[] = MODERATOR, name = "Laptop") {
  const username = `${prefix}${Math.floor(Math.random() * 1e9)}`;
  const id = await createAccount(server, username, permissions);
  const web = await server.login(username, PASSWORD);
  const res = await web.post<{ id: string; token: string }>("/api/sync/tokens", { name, password: PASSWORD });
  if (res.status !== 201) throw new Error(`token: ${res.status} ${res.text}`);
  return {
    id,
    username,
    tokenId: res.body.id,
    token: res.body.token,
    device: new DeviceClient(server.url, res.body.token),
  };
}

const devicesPath = (userId: string) => `/api/admin/users/${userId}/device-tokens`;

describe("GET /api/admin/users/{id}/device-tokens", () => {
  it("lists the user's tokens to staff with users:edit: name, created, last used, expiry, never the token", async () => {
    const staff = await staffWithDevice("lister", MODERATOR, "Studio PC");
    const res = await accounts.as.admin.get<{ tokens: DeviceTokenView[] }>(devicesPath(staff.id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      tokens: [
        {
          id: staff.tokenId,
          name: "Studio PC",
          createdAt: expect.any(String),
          lastUsedAt: null,
          expiresAt: expect.any(String),
        },
      ],
    });
    expect(res.text).not.toContain(staff.token);
  });

  it("answers 403 without users:edit", async () => {
    const staff = await staffWithDevice("watched");
    const res = await accounts.as.moderator.get(devicesPath(staff.id));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You do not have permission to edit users." });
  });

  it("answers 403 for the owner's tokens to anyone but the owner", async () => {
    const res = await accounts.as.admin.get(devicesPath(accounts.ids.owner));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "Only the owner can manage the owner's devices." });
  });

  it("answers 404 for an unknown user", async () => {
    const res = await accounts.as.admin.get(devicesPath(UNKNOWN_ID));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "User not found." });
  });
});

describe("DELETE /api/admin/users/{id}/device-tokens/{tokenId}", () => {
  it("revokes the token (204): the desktop app holding it then gets 401 on sync pull", async () => {
    const staff = await staffWithDevice("revoked");
    expect((await staff.device.call("GET", "/api/sync/pull")).status).toBe(200);
    const res = await accounts.as.admin.delete(`${devicesPath(staff.id)}/${staff.tokenId}`);
    expect(res.status).toBe(204);
    const pull = await staff.device.call("GET", "/api/sync/pull");
    expect(pull.status).toBe(401);
    expect(pull.body).toEqual({ error: "You must be logged in." });
    expect((await accounts.as.admin.get(devicesPath(staff.id))).body).toEqual({ tokens: [] });
  });

  it("writes an audit row naming the staff member, the user and the token's name, never the token", async () => {
    const staff = await staffWithDevice("audited", MODERATOR, "Lost laptop");
    await accounts.as.admin.delete(`${devicesPath(staff.id)}/${staff.tokenId}`);
    const audit = await accounts.as.owner.get<{
      entries: { action: string; actorName: string; targetId: string; details: unknown }[];
    }>("/api/admin/audit?kind=token.revoked");
    const entry = audit.body.entries.find((e) => e.targetId === staff.id);
    expect(entry).toMatchObject({
      action: "token.revoked",
      actorName: "admin1",
      details: { kind: "device", name: "Lost laptop", username: staff.username },
    });
    expect(audit.text).not.toContain(staff.token);
  });

  it("answers 403 for the owner's tokens to anyone but the owner, and the owner's desktop keeps working", async () => {
    const web = await server.login(OWNER.username, OWNER.password);
    const created = await web.post<{ id: string; token: string }>("/api/sync/tokens", {
      name: "Owner desk",
      password: OWNER.password,
    });
    const ownerDevice = new DeviceClient(server.url, created.body.token);
    const refused = await accounts.as.admin.delete(`${devicesPath(accounts.ids.owner)}/${created.body.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: "Only the owner can manage the owner's devices." });
    expect((await ownerDevice.call("GET", "/api/sync/pull")).status).toBe(200);
    const own = await accounts.as.owner.delete(`${devicesPath(accounts.ids.owner)}/${created.body.id}`);
    expect(own.status).toBe(204);
    expect((await ownerDevice.call("GET", "/api/sync/pull")).status).toBe(401);
  });

  it("answers 403 without users:edit, and the token keeps working", async () => {
    const staff = await staffWithDevice("spared");
    const res = await accounts.as.moderator.delete(`${devicesPath(staff.id)}/${staff.tokenId}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You do not have permission to edit users." });
    expect((await staff.device.call("GET", "/api/sync/pull")).status).toBe(200);
  });

  it("answers 404 for an unknown token, and for a token of another user", async () => {
    const staff = await staffWithDevice("holder");
    const other = await staffWithDevice("other");
    const unknown = await accounts.as.admin.delete(`${devicesPath(staff.id)}/${UNKNOWN_ID}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "Device token not found." });
    const mismatched = await accounts.as.admin.delete(`${devicesPath(staff.id)}/${other.tokenId}`);
    expect(mismatched.status).toBe(404);
    expect((await other.device.call("GET", "/api/sync/pull")).status).toBe(200);
  });
});

// docs/security.md, promise 26: every use of a device token is checked against what its user holds now.
describe("a device token calling these operations, as the desktop app forwards them", () => {
  it("works while its user holds users:edit and gets 403 once they lose it", async () => {
    const target = await staffWithDevice("target");
    const editor = await staffWithDevice("editor", [...MODERATOR, "users:edit"]);
    expect((await editor.device.call("GET", devicesPath(target.id))).status).toBe(200);
    const demoted = await accounts.as.owner.patch(`/api/admin/users/${editor.id}`, {
      username: editor.username,
      permissions: MODERATOR,
    });
    expect(demoted.status).toBe(200);
    const listed = await editor.device.call("GET", devicesPath(target.id));
    expect(listed.status).toBe(403);
    expect(listed.body).toEqual({ error: "You do not have permission to edit users." });
    const revoked = await editor.device.call("DELETE", `${devicesPath(target.id)}/${target.tokenId}`);
    expect(revoked.status).toBe(403);
    expect((await target.device.call("GET", "/api/sync/pull")).status).toBe(200);
  });
});

describe("a user's browser sessions: /api/admin/users/{id}/sessions", () => {
  it("are listed to staff with users:edit and ended (204): the ended session's cookie then gets 401", async () => {
    const username = `browsing${Math.floor(Math.random() * 1e9)}`;
    const id = await createAccount(server, username, MODERATOR);
    const browser = await server.login(username, PASSWORD);
    const listed = await accounts.as.admin.get<{ sessions: SessionView[] }>(`/api/admin/users/${id}/sessions`);
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toEqual([expect.objectContaining({ current: false, userAgent: expect.any(String) })]);
    const [session] = listed.body.sessions;
    const ended = await accounts.as.admin.delete(`/api/admin/users/${id}/sessions/${session?.id}`);
    expect(ended.status).toBe(204);
    expect((await browser.get("/api/me")).status).toBe(401);
    const audit = await accounts.as.owner.get<{ entries: { action: string; targetId: string; details: unknown }[] }>(
      "/api/admin/audit?kind=session.ended",
    );
    expect(audit.body.entries.find((e) => e.targetId === id)?.details).toMatchObject({ username });
  });

  it("of the owner answer 403 to anyone but the owner", async () => {
    const res = await accounts.as.admin.get(`/api/admin/users/${accounts.ids.owner}/sessions`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "Only the owner can manage the owner's devices." });
  });

  it("answer 404 for an unknown session", async () => {
    const res = await accounts.as.admin.delete(`/api/admin/users/${accounts.ids.moderator}/sessions/${UNKNOWN_ID}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Session not found." });
  });
});
