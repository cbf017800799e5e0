/**
 * Connecting to the real server on 127.0.0.1: a named device token is minted with a one-off web session
 * that is ended again; the server's refusals arrive with their messages; online-only calls go to the
 * server with the token and no cookie; where the token may only be kept in memory, the next launch asks
 * for the password again.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_ROLES, type Project } from "@portfolio/core/domain";
import { createAccount, PASSWORD } from "@portfolio/testing/server/accounts.ts";
import { codeNow, enableTotp, STEP_MS } from "@portfolio/testing/server/second-factor.ts";
import { SoftAuthenticator } from "@portfolio/testing/server/soft-authenticator.ts";
import { OWNER, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DesktopState } from "../shared/desktop-operations.ts";
import { fakeAsyncSafeStorage } from "../test/fake-safe-storage.ts";
import { createDesktopMain } from "./desktop-main.ts";
import { manualTimers, OWN_WINDOW, openTestDesktop, RENDERER_URL, type TestDesktop } from "./testing/harness.ts";

let server: TestServer;
let root: string;
let desktop: TestDesktop;
let dirs = 0;

beforeAll(async () => {
  server = await startTestServer({ rateLimits: { loginPerUsername: 1000, loginPerIp: 1000, loginPerAccount: 1000 } });
  root = mkdtempSync(join(tmpdir(), "portfolio-connect-"));
});
afterEach(async () => {
  await desktop?.main.close();
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const fresh = async () => {
  desktop = await openTestDesktop({ dir: join(root, `d${++dirs}`) });
  return desktop;
};
const connect = (username: string, password: string, serverUrl = server.url) =>
  desktop.call("desktop.connect", { serverUrl, username, password });
const sessionCount = async () => (await server.core.db.selectFrom("sessions").select("id").execute()).length;

describe("'Connect'", () => {
  it("mints a device token named after the machine, ends the web session, and keeps only the token", async () => {
    await fresh();
    const sessions = await sessionCount();
    const reply = await connect(OWNER.username, OWNER.password);
    expect(reply).toMatchObject({ ok: true, value: { mode: "connected", serverUrl: server.url, username: "owner" } });
    expect(await sessionCount()).toBe(sessions);
    const tokens = await server.core.db.selectFrom("device_tokens").select(["name", "revoked_at"]).execute();
    expect(tokens).toContainEqual({ name: "Desktop app on test-laptop", revoked_at: null });
    expect(desktop.main.credentials.status()).toMatchObject({ hasToken: true, connection: { username: "owner" } });
    expect(await desktop.main.actor()).toMatchObject({
      kind: "user",
      username: "owner",
      permissions: ["override:owner"],
    });
  });

  it("answers wrong credentials with the server's message and stores nothing", async () => {
    await fresh();
    expect(await connect(OWNER.username, "not-the-password")).toEqual({
      ok: false,
      status: 401,
      error: "Invalid username or password.",
    });
    expect(desktop.main.credentials.status().connection).toBeNull();
    expect((await desktop.value<DesktopState>("desktop.state")).mode).toBe("first-run");
  });

  it("refuses a user without the admin panel before any token is made, and logs them out", async () => {
    await createAccount(server, "visitor1", DEFAULT_ROLES.user.permissions);
    await fresh();
    const sessions = await sessionCount();
    expect(await connect("visitor1", PASSWORD)).toEqual({
      ok: false,
      status: 403,
      error: "You do not have permission to view the admin panel.",
    });
    expect(await sessionCount()).toBe(sessions);
    const user = await server.core.db
      .selectFrom("users")
      .select("id")
      .where("username", "=", "visitor1")
      .executeTakeFirstOrThrow();
    expect(
      await server.core.db.selectFrom("device_tokens").where("user_id", "=", user.id).selectAll().execute(),
    ).toEqual([]);
  });

  it("after 'Work locally', an edit of a built-in project reaches the server's copy when connecting later", async () => {
    await fresh();
    await desktop.value("desktop.workLocally");
    const { projects } = await desktop.value<{ projects: Project[] }>("projects.list");
    const loan = projects.find((p) => p.title === "Loan Manager");
    if (!loan) throw new Error("the built-in Loan Manager project is missing");
    await desktop.value("projects.update", { id: loan._id, description: "Edited offline before connecting." });

    await connect(OWNER.username, OWNER.password);
    const state = await desktop.value<DesktopState>("desktop.state");
    expect(state).toMatchObject({ mode: "connected", pending: 0, attention: 0 });
    const onServer = await server.core.db
      .selectFrom("projects")
      .select(["id", "description"])
      .where("title", "=", "Loan Manager")
      .executeTakeFirstOrThrow();
    expect(onServer).toEqual({ id: loan._id, description: "Edited offline before connecting." });
  });

  it("says the server could not be reached when nothing answers", async () => {
    await fresh();
    expect(await connect(OWNER.username, OWNER.password, "http://127.0.0.1:9")).toEqual({
      ok: false,
      status: 503,
      error: "The server could not be reached.",
      details: { needsConnection: true },
    });
  });
});

describe("online-only calls", () => {
  it("go to the server with the device token and no cookie, and answer what the server answers", async () => {
    await fresh();
    await connect(OWNER.username, OWNER.password);
    const reply = await desktop.call("users.list");
    expect(reply).toMatchObject({
      ok: true,
      value: { users: expect.arrayContaining([expect.objectContaining({ username: "owner" })]) },
    });
    const request = desktop.network.requests.at(-1);
    expect(request?.url).toBe(`${server.url}/api/admin/users`);
    expect(request?.headers.get("authorization")).toMatch(/^Bearer .{20,}$/);
    expect(request?.headers.get("cookie")).toBeNull();
    expect(await desktop.call("users.delete", { id: "00000000-0000-4000-8000-000000000000" })).toEqual({
      ok: false,
      status: 404,
      error: "User not found.",
    });
  });

  it("answer 'Needs a connection.' when the server cannot be reached", async () => {
    await fresh();
    await connect(OWNER.username, OWNER.password);
    desktop.network.offline = true;
    expect(await desktop.call("dashboard.get")).toEqual({
      ok: false,
      status: 503,
      error: "Needs a connection.",
      details: { needsConnection: true },
    });
    expect((await desktop.value<DesktopState>("desktop.state")).online).toBe(false);
  });
});

describe("where the token may only be kept in memory (basic_text)", () => {
  it("asks for the password at the next launch, and 'Sign in again' brings sync back", async () => {
    const dir = join(root, `d${++dirs}`);
    const open = () =>
      createDesktopMain({
        userDataDir: dir,
        safeStorage: fakeAsyncSafeStorage({ backend: "basic_text" }),
        rendererUrl: RENDERER_URL,
        timers: manualTimers(),
        hostname: "test-laptop",
        log: () => {},
      });
    const first = await open();
    const call = async (main: typeof first, operation: string, input?: unknown) =>
      main.handleInvoke(OWN_WINDOW, { operation, input });
    expect(
      await call(first, "desktop.connect", {
        serverUrl: server.url,
        username: OWNER.username,
        password: OWNER.password,
      }),
    ).toMatchObject({
      ok: true,
      value: { needsSignIn: false },
    });
    await first.close();
    const again = await open();
    try {
      expect(await call(again, "desktop.state")).toMatchObject({
        ok: true,
        value: { mode: "connected", needsSignIn: true },
      });
      expect(await call(again, "desktop.signInAgain", { password: OWNER.password })).toMatchObject({
        ok: true,
        value: { mode: "connected", needsSignIn: false, online: true },
      });
    } finally {
      await again.close();
    }
  });
});

// docs/security.md, promise 30: an account with a second factor connects the desktop with its code too.
describe("'Connect' with a second factor", () => {
  it("asks for the authenticator code, then connects with it and mints the token at once", async () => {
    await createAccount(server, "twofactor", DEFAULT_ROLES.admin.permissions);
    const web = await server.login("twofactor", PASSWORD);
    const { secret } = await enableTotp(server, web, PASSWORD);
    await fresh();
    const asked = await connect("twofactor", PASSWORD);
    expect(asked).toMatchObject({
      ok: false,
      status: 401,
      error:
        "This account uses two-factor authentication. Enter the code from your authenticator app, or one of your recovery codes.",
    });
    const reply = await desktop.call("desktop.connect", {
      serverUrl: server.url,
      username: "twofactor",
      password: PASSWORD,
      code: codeNow(server, secret),
    });
    expect(reply).toMatchObject({ ok: true, value: { mode: "connected", username: "twofactor" } });
  });

  it("connects with a recovery code instead", async () => {
    await createAccount(server, "twofactor2", DEFAULT_ROLES.admin.permissions);
    const web = await server.login("twofactor2", PASSWORD);
    const { recoveryCodes } = await enableTotp(server, web, PASSWORD);
    await fresh();
    const reply = await desktop.call("desktop.connect", {
      serverUrl: server.url,
      username: "twofactor2",
      password: PASSWORD,
      code: recoveryCodes[0],
    });
    expect(reply).toMatchObject({ ok: true, value: { mode: "connected" } });
  });

  it("asks an account with a passkey for a recovery code, since the desktop cannot use passkeys", async () => {
    await createAccount(server, "keyholder", DEFAULT_ROLES.admin.permissions);
    const web = await server.login("keyholder", PASSWORD);
    await addPasskey(web);
    const { body } = await web.post<{ recoveryCodes: string[] }>("/api/account/recovery-codes", { password: PASSWORD });
    await fresh();
    expect(await connect("keyholder", PASSWORD)).toMatchObject({
      ok: false,
      status: 401,
      error:
        "This account signs in with a passkey, which the desktop app cannot use. Enter one of your recovery codes instead.",
    });
    const reply = await desktop.call("desktop.connect", {
      serverUrl: server.url,
      username: "keyholder",
      password: PASSWORD,
      code: body.recoveryCodes[0],
    });
    expect(reply).toMatchObject({ ok: true, value: { mode: "connected" } });
  });

  it("tells an account with a passkey alone what to set up on the website, and mints nothing", async () => {
    await createAccount(server, "passkeyonly", DEFAULT_ROLES.admin.permissions);
    await addPasskey(await server.login("passkeyonly", PASSWORD));
    await fresh();
    const tokens = (await server.core.db.selectFrom("device_tokens").select("id").execute()).length;
    expect(await connect("passkeyonly", PASSWORD)).toMatchObject({
      ok: false,
      status: 403,
      error:
        "This account signs in with a passkey only, which the desktop app cannot use. On the website, set up an authenticator app under Account security, then connect again.",
    });
    expect((await server.core.db.selectFrom("device_tokens").select("id").execute()).length).toBe(tokens);
  });

  it("asks 'Sign in again' for the code too, and signs in again with a fresh one", async () => {
    await createAccount(server, "again2fa", DEFAULT_ROLES.admin.permissions);
    const { secret } = await enableTotp(server, await server.login("again2fa", PASSWORD), PASSWORD);
    const dir = join(root, `d${++dirs}`);
    const open = () =>
      createDesktopMain({
        userDataDir: dir,
        safeStorage: fakeAsyncSafeStorage({ backend: "basic_text" }),
        rendererUrl: RENDERER_URL,
        timers: manualTimers(),
        hostname: "test-laptop",
        log: () => {},
      });
    const first = await open();
    const call = async (main: typeof first, operation: string, input?: unknown) =>
      main.handleInvoke(OWN_WINDOW, { operation, input });
    const connected = await call(first, "desktop.connect", {
      serverUrl: server.url,
      username: "again2fa",
      password: PASSWORD,
      code: codeNow(server, secret),
    });
    expect(connected).toMatchObject({ ok: true });
    await first.close();
    server.clock.advance(STEP_MS);
    const again = await open();
    try {
      expect(await call(again, "desktop.signInAgain", { password: PASSWORD })).toMatchObject({
        ok: false,
        status: 401,
        error:
          "This account uses two-factor authentication. Enter the code from your authenticator app, or one of your recovery codes.",
      });
      expect(
        await call(again, "desktop.signInAgain", { password: PASSWORD, code: codeNow(server, secret) }),
      ).toMatchObject({ ok: true, value: { mode: "connected", needsSignIn: false } });
    } finally {
      await again.close();
    }
  });
});

/** Adds a passkey from a software authenticator, as a browser on the website would. */
async function addPasskey(web: Awaited<ReturnType<TestServer["login"]>>) {
  const device = new SoftAuthenticator(server.config.publicUrl);
  const options = await web.post<Record<string, unknown>>("/api/account/passkeys/options", { password: PASSWORD });
  const added = await web.post("/api/account/passkeys", { name: "Phone", response: device.register(options.body) });
  expect(added.status).toBe(201);
}
