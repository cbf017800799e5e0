import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MIGRATIONS } from "@portfolio/core/data";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeAsyncSafeStorage } from "../test/fake-safe-storage.ts";
import { createDesktopMain, type DesktopMain, FOREIGN_SENDER } from "./desktop-main.ts";
import { NOT_IN_DESKTOP } from "./dispatch.ts";
import { UNEXPECTED_ERROR } from "./invoke-reply.ts";
import { DATABASE_FILE } from "./local-core.ts";
import { manualTimers } from "./testing/harness.ts";

const rendererUrl = "app://portfolio/index.html";
const ownWindow = { url: `${rendererUrl}#/admin/projects`, parent: null };

let dir: string;
let main: DesktopMain | undefined;
const logged: string[] = [];

async function open() {
  main = await createDesktopMain({
    userDataDir: dir,
    safeStorage: fakeAsyncSafeStorage(),
    rendererUrl,
    timers: manualTimers(),
    bcryptCost: 4,
    log: (line) => logged.push(line),
  });
  return main;
}

const projectCount = async (app: DesktopMain) =>
  (await app.core.db.selectFrom("projects").select("id").execute()).length;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "portfolio-desktop-"));
  logged.length = 0;
});
afterEach(async () => {
  await main?.close();
  main = undefined;
  rmSync(dir, { recursive: true, force: true });
});

describe("opening the local database", () => {
  it("creates the SQLite file in userData on a cold open and runs every core migration", async () => {
    const app = await open();
    expect(existsSync(join(dir, DATABASE_FILE))).toBe(true);
    const applied = await app.core.db
      .selectFrom("kysely_migration" as never)
      .select("name" as never)
      .execute();
    expect(applied.map((row) => (row as { name: string }).name)).toEqual(Object.keys(MIGRATIONS));
  });

  it("uses WAL mode and foreign keys, as the server does", async () => {
    const app = await open();
    expect(app.core.sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(app.core.sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
  });

  it("shows the first-run screen on a fresh install", async () => {
    expect(await (await open()).mode()).toBe("first-run");
  });

  it("keeps what it stored across launches", async () => {
    const first = await open();
    await first.workLocally();
    await first.close();
    main = undefined;
    const again = await open();
    expect(await again.mode()).toBe("local");
    expect(await again.core.db.selectFrom("projects").select("id").execute()).toHaveLength(14);
  });
});

describe("'Work locally'", () => {
  it("creates a local-only owner and the built-in projects, and the app acts as that owner", async () => {
    const app = await open();
    await app.workLocally();
    expect(await app.mode()).toBe("local");
    expect(await app.actor()).toMatchObject({ kind: "user", username: "owner", permissions: ["override:owner"] });
    expect(await app.core.db.selectFrom("projects").select("id").execute()).toHaveLength(14);
  });

  it("connects nothing: no credential is stored", async () => {
    const app = await open();
    await app.workLocally();
    expect(app.credentials.status()).toEqual({ connection: null, hasToken: false, needsPasswordEachLaunch: false });
  });
});

describe("the invoke channel (docs/security.md, promise 19)", () => {
  const create = { operation: "projects.create", input: { title: "From IPC", description: "Made over the channel." } };

  it("runs a local operation through the registry as the app's user and answers its result", async () => {
    const app = await open();
    await app.workLocally();
    const reply = await app.handleInvoke(ownWindow, create);
    expect(reply).toMatchObject({ ok: true, value: { title: "From IPC", version: 1 } });
    expect(await projectCount(app)).toBe(15);
  });

  it("refuses a foreign sender before anything runs", async () => {
    const app = await open();
    await app.workLocally();
    const reply = await app.handleInvoke({ url: "https://evil.example/", parent: null }, create);
    expect(reply).toEqual({ ok: false, status: 403, error: FOREIGN_SENDER });
    expect(await projectCount(app)).toBe(14);
  });

  it("refuses a sub-frame of the app's own window", async () => {
    const app = await open();
    await app.workLocally();
    const reply = await app.handleInvoke({ url: rendererUrl, parent: ownWindow }, create);
    expect(reply).toEqual({ ok: false, status: 403, error: FOREIGN_SENDER });
    expect(await projectCount(app)).toBe(14);
  });

  it("refuses a call whose frame is already gone", async () => {
    const app = await open();
    expect(await app.handleInvoke(null, create)).toMatchObject({ ok: false, status: 403 });
  });

  it.each([
    ["a string", "projects.list", "The call must be an object {operation, input}."],
    ["null", null, "The call must be an object {operation, input}."],
    [
      "no operation",
      { input: {} },
      "operation: must name an operation (a non-empty string of at most 100 characters).",
    ],
    [
      "an empty operation",
      { operation: "" },
      "operation: must name an operation (a non-empty string of at most 100 characters).",
    ],
    [
      "a numeric operation",
      { operation: 7 },
      "operation: must name an operation (a non-empty string of at most 100 characters).",
    ],
    ["an unknown key", { ...create, token: "x" }, "token: unknown key; a call carries only operation and input."],
  ])("refuses a payload with %s, naming the problem, before anything runs", async (_label, payload, message) => {
    const app = await open();
    await app.workLocally();
    expect(await app.handleInvoke(ownWindow, payload)).toEqual({ ok: false, status: 400, error: message });
    expect(await projectCount(app)).toBe(14);
  });

  it.each([
    ["a registry operation", "projects.create", { title: "", description: "x" }, "Title is required."],
    [
      "a registry operation (unknown field)",
      "projects.create",
      { title: "T", description: "x", owner: 1 },
      "Unknown body field: owner.",
    ],
    ["a registry operation (not an object)", "projects.create", [1], "The input must be an object."],
    [
      "a desktop operation",
      "desktop.connect",
      { serverUrl: "ftp://example.com", username: "a", password: "b" },
      "serverUrl: the server address must start with http:// or https://.",
    ],
    ["a desktop operation (missing field)", "desktop.keepMine", {}, "opId: must name a change."],
    ["a desktop operation (unknown field)", "desktop.state", { verbose: true }, "Unknown field: verbose."],
  ])(
    "refuses an input failing the schema of %s with the field's message",
    async (_label, operation, input, message) => {
      const app = await open();
      await app.workLocally();
      expect(await app.handleInvoke(ownWindow, { operation, input })).toEqual({
        ok: false,
        status: 400,
        error: message,
      });
      expect(await projectCount(app)).toBe(14);
    },
  );

  it("answers a refusal by the policy with its status and message", async () => {
    const app = await open();
    expect(await app.handleInvoke(ownWindow, create)).toEqual({
      ok: false,
      status: 401,
      error: "You must be logged in.",
    });
  });

  it.each(["auth.login", "auth.logout", "account.changePassword", "sync.tokens.create", "sync.push", "sync.pull"])(
    "refuses %s: logging in, passwords, minting tokens and sync itself are not the renderer's calls",
    async (operation) => {
      const app = await open();
      await app.workLocally();
      expect(await app.handleInvoke(ownWindow, { operation, input: {} })).toEqual({
        ok: false,
        status: 403,
        error: NOT_IN_DESKTOP,
      });
    },
  );

  it("answers 'Needs a connection.' to an online-only operation when working locally, flagged as having no server", async () => {
    const app = await open();
    await app.workLocally();
    expect(await app.handleInvoke(ownWindow, { operation: "users.list", input: {} })).toEqual({
      ok: false,
      status: 503,
      error: "Needs a connection.",
      details: { needsConnection: true, noServer: true },
    });
  });

  it.each(["trash.list", "roles.history", "profile.history"])(
    "answers %s working locally as a call that needs a server, not one that waits to be online",
    async (operation) => {
      const app = await open();
      await app.workLocally();
      const input = operation === "roles.history" ? { roleKey: "moderator" } : {};
      expect(await app.handleInvoke(ownWindow, { operation, input })).toMatchObject({
        ok: false,
        status: 503,
        details: { needsConnection: true, noServer: true },
      });
    },
  );

  it("answers an unknown operation with 404", async () => {
    const app = await open();
    const reply = await app.handleInvoke(ownWindow, { operation: "nope", input: {} });
    expect(reply).toEqual({ ok: false, status: 404, error: "No operation named nope." });
  });

  it("answers an unexpected failure with a generic message and logs the detail in main only", async () => {
    const app = await open();
    await app.workLocally();
    app.core.sqlite.close();
    const reply = await app.handleInvoke(ownWindow, { operation: "projects.list" });
    expect(reply).toEqual({ ok: false, status: 500, error: UNEXPECTED_ERROR });
    expect(logged.join("\n")).toContain("The database connection is not open");
  });

  it("never answers the sync token, whatever is called", async () => {
    const app = await open();
    await app.workLocally();
    const token = "dt_live_never-leaves-main-0123456789";
    await app.credentials.save({ serverUrl: "http://127.0.0.1:9", username: "owner", token });
    const payloads = [
      { operation: "desktop.state" },
      { operation: "users.list" },
      { operation: "desktop.syncNow" },
      { operation: "auth.me" },
      { operation: "nope" },
      { bad: true },
    ];
    const replies = [];
    for (const payload of payloads) replies.push(await app.handleInvoke(ownWindow, payload));
    expect(replies[0]).toMatchObject({ ok: true, value: { mode: "connected", serverUrl: "http://127.0.0.1:9" } });
    expect(JSON.stringify(replies)).not.toContain(token);
  });
});
