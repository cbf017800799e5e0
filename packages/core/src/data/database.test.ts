/**
 * docs/security.md, promise 16 on both dialects (TEST_DATABASE=postgres runs this file on PostgreSQL): one transaction per
 * multi-row write, no committed data lost, a consistent backup while in use; SQLite in WAL mode with
 * foreign keys on; PostgreSQL migrations run once when instances start together. docs/security.md, promise 29: the SQLite file
 * (with its -wal and -shm) is readable by its owner only.
 */
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_ROLES } from "../domain/roles.ts";
import { runOperation } from "../operations/run-operation.ts";
import { bootstrap } from "../services/bootstrap.ts";
import { createTestPostgresDatabase } from "../test/postgres-cluster.ts";
import { createTestCore, type TestCore } from "@portfolio/testing/core/test-core.ts";
import { openTestDatabase } from "@portfolio/testing/data/test-database.ts";
import { restoreBackup, writeBackup } from "./backup.ts";
import { latestMigrationName, migrateToLatest, openDatabase, poolSizeFrom, sqlitePathFromUrl } from "./database.ts";
import { MIGRATIONS } from "./migrations/index.ts";

let core: TestCore;
beforeEach(async () => {
  core = await createTestCore();
});
afterEach(async () => {
  await core.close();
});

describe("openDatabase", () => {
  it("reads file: URLs and tells a PostgreSQL URL from a SQLite path", () => {
    expect(sqlitePathFromUrl("file:/tmp/x.db")).toBe("/tmp/x.db");
    expect(sqlitePathFromUrl(":memory:")).toBe(":memory:");
    expect(() => sqlitePathFromUrl("postgres://u@h/db")).toThrow("DATABASE_URL: a PostgreSQL URL is not a SQLite path.");
    expect(openDatabase("file::memory:").dialect).toBe("sqlite");
  });

  it("keeps the SQLite file and its write-ahead log readable by their owner only (0600), also an older file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "portfolio-mode-"));
    try {
      const path = join(dir, "data", "site.db");
      const opened = openDatabase(`file:${path}`);
      await migrateToLatest(opened.db);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(statSync(`${path}-wal`).mode & 0o777).toBe(0o600);
      expect(statSync(`${path}-shm`).mode & 0o777).toBe(0o600);
      await opened.db.destroy();
      chmodSync(path, 0o644);
      const again = openDatabase(`file:${path}`);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      await again.db.destroy();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("sizes the PostgreSQL pool from DATABASE_POOL_SIZE (default 10)", () => {
    expect(poolSizeFrom(undefined)).toBe(10);
    expect(poolSizeFrom("25")).toBe(25);
    expect(() => poolSizeFrom("many")).toThrow("DATABASE_POOL_SIZE: must be a whole number from 1 to 1000.");
    expect(() => poolSizeFrom("0")).toThrow("DATABASE_POOL_SIZE: must be a whole number from 1 to 1000.");
  });

  if (process.env.TEST_DATABASE === "postgres") {
    it("opens postgres:// URLs on PostgreSQL", async () => {
      expect(core.dialect).toBe("postgres");
      const { rows } = await sql<{ v: string }>`SELECT version() AS v`.execute(core.db);
      expect(rows[0]?.v).toMatch(/^PostgreSQL/);
    });
  } else {
    it("runs SQLite in WAL mode with foreign keys on", () => {
      expect(core.sqlite?.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(core.sqlite?.pragma("foreign_keys", { simple: true })).toBe(1);
    });

    it("prepares a query's SQL once and runs it again on that statement, which follows a schema change", async () => {
      const sqlite = core.sqlite as NonNullable<typeof core.sqlite>;
      const prepare = sqlite.prepare.bind(sqlite);
      const prepared: string[] = [];
      sqlite.prepare = ((text: string) => {
        prepared.push(text);
        return prepare(text);
      }) as typeof sqlite.prepare;
      await core.db.insertInto("settings").values({ key: "cached", value: "1" }).execute();
      const read = () => core.db.selectFrom("settings").selectAll().where("key", "=", "cached").executeTakeFirst();
      expect(await read()).toEqual({ key: "cached", value: "1" });
      expect(await read()).toEqual({ key: "cached", value: "1" });
      expect(prepared.filter((text) => text.startsWith("select"))).toHaveLength(1);
      // SQLite prepares a kept statement again by itself when the schema changes under it.
      await sql`ALTER TABLE settings ADD COLUMN note text`.execute(core.db);
      expect(await read()).toEqual({ key: "cached", value: "1", note: null });
      expect(prepared.filter((text) => text.startsWith("select"))).toHaveLength(1);
    });
  }

  it("migrates an already migrated database without change", async () => {
    await migrateToLatest(core.db);
    expect(await core.db.selectFrom("kysely_migration" as never).selectAll().execute()).toHaveLength(
      Object.keys(MIGRATIONS).length,
    );
  });

  it("migrates a new database without a failed statement", async () => {
    const target = await openTestDatabase({ migrated: false });
    let failed = 0;
    const { db } = openDatabase(target.url, { onQuery: (_ms, error) => void (error && failed++) });
    try {
      await migrateToLatest(db);
      expect(failed).toBe(0);
    } finally {
      await db.destroy();
      await target.close();
    }
  });

  it("leaves SQLite syncing every commit to disk after migrating a new database", async () => {
    const target = await openTestDatabase({ migrated: false });
    try {
      await migrateToLatest(target.db);
      if (target.sqlite) expect(target.sqlite.pragma("synchronous", { simple: true })).toBe(2);
    } finally {
      await target.close();
    }
  });

  it("checks a current schema with two reads, without the migrator's setup or lock", async () => {
    const target = await openTestDatabase();
    let statements = 0;
    const { db } = openDatabase(target.url, { onQuery: () => statements++ });
    try {
      await migrateToLatest(db);
      expect(statements).toBe(2);
    } finally {
      await db.destroy();
      await target.close();
    }
  });

  it("keeps the audit log append-only", async () => {
    await core.db
      .insertInto("audit_log")
      .values({ id: "a1", at: "2026-01-01T00:00:00.000Z", actor_id: null, actor_name: "x", action: "t.x", target_type: "t", target_id: null, details: "{}" })
      .execute();
    await expect(core.db.updateTable("audit_log").set({ action: "t.y" }).execute()).rejects.toThrow("audit_log is append-only");
    await expect(core.db.deleteFrom("audit_log").execute()).rejects.toThrow("audit_log is append-only");
    // The database numbers entries itself.
    await core.db
      .insertInto("audit_log")
      .values({ id: "a2", at: "2026-01-01T00:00:00.000Z", actor_id: null, actor_name: "x", action: "t.x", target_type: "t", target_id: null, details: "{}" })
      .execute();
    const seqs = (await core.db.selectFrom("audit_log").select("seq").orderBy("seq").execute()).map((r) => r.seq);
    expect(seqs).toEqual([1, 2]);
  });
});

if (process.env.TEST_DATABASE === "postgres") {
  describe("migrations on PostgreSQL", () => {
    it("two instances migrating one empty database at once both succeed and each migration runs once", async () => {
      const fresh = await createTestPostgresDatabase();
      // The template is already migrated: empty this database's schema so both start from nothing.
      const reset = openDatabase(fresh.url, { poolSize: 1 });
      await sql`DROP SCHEMA public CASCADE; CREATE SCHEMA public`.execute(reset.db);
      await reset.db.destroy();
      const first = openDatabase(fresh.url, { poolSize: 2 });
      const second = openDatabase(fresh.url, { poolSize: 2 });
      try {
        await Promise.all([migrateToLatest(first.db), migrateToLatest(second.db)]);
        const applied = await first.db.selectFrom("kysely_migration" as never).selectAll().execute();
        expect(applied).toHaveLength(Object.keys(MIGRATIONS).length);
        expect(await first.db.selectFrom("users").select("id").execute()).toEqual([]);
      } finally {
        await first.db.destroy();
        await second.db.destroy();
        await fresh.drop();
      }
    });
  });
}

/** Makes every UPDATE of user `id` fail inside the database, as a crash or a constraint would. */
async function failUpdatesOf(id: string): Promise<void> {
  if (core.dialect === "postgres") {
    await sql
      .raw(
        `CREATE FUNCTION fail_user() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.id = '${id}' THEN RAISE EXCEPTION 'simulated failure'; END IF; RETURN NEW; END $$`,
      )
      .execute(core.db);
    await sql.raw("CREATE TRIGGER fail_user BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION fail_user()").execute(core.db);
  } else {
    await sql
      .raw(`CREATE TRIGGER fail_user BEFORE UPDATE ON users WHEN NEW.id = '${id}' BEGIN SELECT RAISE(ABORT, 'simulated failure'); END`)
      .execute(core.db);
  }
}

describe("transactions", () => {
  it("rolls back a role change entirely when moving one of its users fails", async () => {
    await bootstrap(core, { username: "boss", email: "boss@example.com", password: "boss-password" });
    const owner = await core.db.selectFrom("users").select(["id", "username"]).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    for (const name of ["a1", "a2", "a3"]) {
      await core.db
        .insertInto("users")
        .values({ id: name, username: name, username_key: name, email: `${name}@x.io`, email_key: `${name}@x.io`, password_hash: "h", permissions: '["website:view"]', role_key: "user", is_active: 1, created_at: now, updated_at: now })
        .execute();
    }
    await failUpdatesOf("a3");
    const actor = { kind: "user" as const, id: owner.id, username: owner.username, permissions: ["override:owner"] };
    // Through the runner, as every transport calls it: it opens the operation's one transaction.
    const change = runOperation({ core, actor, transport: {} }, "roles.update", {
      params: { roleKey: "user" },
      query: {},
      body: { permissions: ["website:view", "projects:view"] },
    });
    await expect(change).rejects.toThrow("simulated failure");
    const users = await core.db.selectFrom("users").select(["id", "permissions"]).where("id", "in", ["a1", "a2", "a3"]).orderBy("id").execute();
    expect(users.map((u) => u.permissions)).toEqual(['["website:view"]', '["website:view"]', '["website:view"]']);
    const role = await core.db.selectFrom("roles").select("permissions").where("key", "=", "user").executeTakeFirstOrThrow();
    expect(JSON.parse(role.permissions)).toEqual(DEFAULT_ROLES.user.permissions);
    expect(await core.db.selectFrom("audit_log").select("id").where("action", "=", "role.edit").execute()).toHaveLength(0);
  });
});

/** A child process that commits two-row transactions in a loop, printing each commit, until killed. */
function writerScript(): string {
  const require = createRequire(import.meta.url);
  if (core.dialect === "postgres") {
    return `
      const { default: pg } = await import(${JSON.stringify(require.resolve("pg"))});
      const client = new pg.Client({ connectionString: ${JSON.stringify(core.databaseUrl)} });
      await client.connect();
      for (let i = 0; ; i++) {
        await client.query("BEGIN");
        await client.query("INSERT INTO settings (key, value) VALUES ($1, 'v'), ($2, 'v')", ["k" + i, "k" + i + "b"]);
        await client.query("COMMIT");
        process.stdout.write("committed " + i + "\\n");
      }`;
  }
  return `
    const { default: SQLite } = await import(${JSON.stringify(require.resolve("better-sqlite3"))});
    const db = new SQLite(${JSON.stringify(core.dbPath)});
    db.pragma("journal_mode = WAL"); db.pragma("synchronous = FULL");
    const insert = db.prepare("INSERT INTO settings (key, value) VALUES (?, ?)");
    for (let i = 0; ; i++) {
      db.transaction(() => { insert.run("k" + i, "v"); insert.run("k" + i + "b", "v"); })();
      process.stdout.write("committed " + i + "\\n");
    }`;
}

describe("durability", () => {
  it("keeps every committed write when the writing process is killed mid-write", async () => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", writerScript()], { stdio: ["ignore", "pipe", "inherit"] });
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
    const reopened = openDatabase(core.databaseUrl, { poolSize: 1 });
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
    const file = join(core.dir, "backup.ndjson.gz");
    // A second handle writes while the backup reads, as a running server would.
    const writer = openDatabase(core.databaseUrl, { poolSize: 2 });
    const writes = (async () => {
      for (let i = 0; i < 50; i++) await writer.db.insertInto("settings").values({ key: `during${i}`, value: "1" }).execute();
    })();
    const header = await writeBackup(core.db, file);
    await writes;
    await writer.db.destroy();
    expect(header.schemaVersion).toBe(latestMigrationName());
    expect(header.tables.projects).toBe(14);
    expect(header.tables.users).toBe(1);
    const copy = openDatabase(`file:${join(core.dir, "copy.db")}`);
    await restoreBackup(copy.db, file);
    expect(await copy.db.selectFrom("projects").select("id").execute()).toHaveLength(14);
    expect(await copy.db.selectFrom("users").select("id").execute()).toHaveLength(1);
    expect(await copy.db.selectFrom("settings").select("key").execute()).toHaveLength(header.tables.settings ?? -1);
    await copy.db.destroy();
  });
});
