/** SECURITY 16: WAL, foreign keys, one transaction per multi-row write, no committed data lost, live backup. */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestCore, type TestCore } from "../test/test-core.ts";
import { bootstrap } from "../services/bootstrap.ts";
import { updateRolePermissions } from "../services/roles.service.ts";
import { DEFAULT_ROLES } from "../domain/roles.ts";
import { migrateToLatest, openDatabase, sqlitePathFromUrl } from "./database.ts";
import { MIGRATIONS } from "./migrations/index.ts";

let core: TestCore;
beforeEach(async () => {
  core = await createTestCore();
});
afterEach(async () => {
  await core.close();
});

describe("openDatabase", () => {
  it("runs SQLite in WAL mode with foreign keys on", () => {
    expect(core.sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(core.sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
  });

  it("reads file: URLs and refuses PostgreSQL until it is supported", () => {
    expect(sqlitePathFromUrl("file:/tmp/x.db")).toBe("/tmp/x.db");
    expect(sqlitePathFromUrl(":memory:")).toBe(":memory:");
    expect(() => sqlitePathFromUrl("postgres://u@h/db")).toThrow("DATABASE_URL: PostgreSQL is not supported yet; use a file: URL for SQLite.");
  });

  it("migrates an already migrated database without change", async () => {
    await migrateToLatest(core.db);
    expect(await core.db.selectFrom("kysely_migration" as never).selectAll().execute()).toHaveLength(
      Object.keys(MIGRATIONS).length,
    );
  });
});

describe("transactions", () => {
  it("rolls back a role change entirely when moving one of its users fails", async () => {
    await bootstrap(core, { username: "boss", email: "boss@example.com", password: "boss-password" });
    const owner = await core.db.selectFrom("users").select(["id", "username"]).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    for (const name of ["a1", "a2", "a3"]) {
      await core.db
        .insertInto("users")
        .values({ id: name, username: name, username_key: name, email: `${name}@x.io`, email_key: `${name}@x.io`, password_hash: "h", permissions: '["website:view"]', is_active: 1, created_at: now, updated_at: now })
        .execute();
    }
    // Make the write of the third user fail, as a crash or constraint would, after the first rows changed.
    core.sqlite.exec("CREATE TRIGGER fail_a3 BEFORE UPDATE ON users WHEN NEW.id = 'a3' BEGIN SELECT RAISE(ABORT, 'simulated failure'); END");
    const actor = { kind: "user" as const, id: owner.id, username: owner.username, permissions: ["override:owner"] };
    await expect(updateRolePermissions(core, actor, "user", { permissions: ["website:view", "projects:view"] })).rejects.toThrow("simulated failure");
    const users = await core.db.selectFrom("users").select(["id", "permissions"]).where("id", "in", ["a1", "a2", "a3"]).execute();
    expect(users.map((u) => u.permissions)).toEqual(['["website:view"]', '["website:view"]', '["website:view"]']);
    const role = await core.db.selectFrom("roles").select("permissions").where("key", "=", "user").executeTakeFirstOrThrow();
    expect(JSON.parse(role.permissions)).toEqual(DEFAULT_ROLES.user.permissions);
    expect(await core.db.selectFrom("audit_log").select("id").where("action", "=", "role.edit").execute()).toHaveLength(0);
  });
});

describe("durability", () => {
  it("keeps every committed write when the process is killed mid-write", async () => {
    const script = `
      const { default: SQLite } = await import(${JSON.stringify(createRequire(import.meta.url).resolve("better-sqlite3"))});
      const db = new SQLite(${JSON.stringify(core.dbPath)});
      db.pragma("journal_mode = WAL"); db.pragma("synchronous = FULL");
      const insert = db.prepare("INSERT INTO settings (key, value) VALUES (?, ?)");
      for (let i = 0; ; i++) {
        db.transaction(() => { insert.run("k" + i, "v"); insert.run("k" + i + "b", "v"); })();
        process.stdout.write("committed " + i + "\\n");
      }`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    await new Promise<void>((resolve) => {
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if ((out.match(/committed/g) ?? []).length >= 200) {
          child.kill("SIGKILL");
          resolve();
        }
      });
    });
    await new Promise((resolve) => child.once("exit", resolve));
    const acknowledged = [...out.matchAll(/committed (\d+)/g)].map((m) => Number(m[1]));
    const reopened = openDatabase(`file:${core.dbPath}`);
    const keys = new Set((await reopened.db.selectFrom("settings").select("key").execute()).map((r) => r.key));
    await reopened.db.destroy();
    for (const i of acknowledged) {
      expect(keys.has(`k${i}`)).toBe(true);
      // Both rows of each transaction, or neither.
      expect(keys.has(`k${i}b`)).toBe(true);
    }
    for (const key of keys) if (key.endsWith("b")) expect(keys.has(key.slice(0, -1))).toBe(true);
  });

  it("takes a consistent backup while the database is in use", async () => {
    await bootstrap(core, { username: "boss", email: "boss@example.com", password: "boss-password" });
    const target = join(core.dir, "backup.db");
    const writes = (async () => {
      for (let i = 0; i < 50; i++) await core.db.insertInto("settings").values({ key: `during${i}`, value: "1" }).execute();
    })();
    await core.sqlite.backup(target);
    await writes;
    const copy = openDatabase(`file:${target}`);
    expect(await copy.db.selectFrom("projects").select("id").execute()).toHaveLength(14);
    expect(await copy.db.selectFrom("users").select("id").execute()).toHaveLength(1);
    await copy.db.destroy();
  });
});
