/**
 * Portable backup and restore (issue 12): SQLite → PostgreSQL → SQLite equal row for row, a consistent
 * snapshot during concurrent writes, and refusals (non-empty target, corrupted or truncated file) that
 * change nothing. Runs on every test run: it needs both dialects, so it starts a PostgreSQL cluster when
 * the run has none (and fails loudly if it cannot).
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createScratchDatabase,
  MIGRATED_TEMPLATE,
  type PostgresCluster,
  startPostgresCluster,
} from "../test/postgres-cluster.ts";
import { BACKUP_FORMAT, restoreBackup, writeBackup } from "./backup.ts";
import { latestMigrationName, migrateToLatest, openDatabase } from "./database.ts";
import type { Database } from "./schema.ts";

let cluster: PostgresCluster | undefined;
let clusterUrl: string;
let dir: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "portfolio-backup-"));
  if (process.env.TEST_POSTGRES_URL) {
    clusterUrl = process.env.TEST_POSTGRES_URL;
  } else {
    cluster = await startPostgresCluster();
    clusterUrl = cluster.url;
  }
}, 60_000);
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => {
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

let counter = 0;
/** A fresh, migrated database of the given dialect. */
async function fresh(dialect: "sqlite" | "postgres", migrated = true): Promise<Kysely<Database>> {
  let url: string;
  if (dialect === "postgres") {
    // The shared run's cluster has a migrated template; our own cluster starts from an empty one.
    const template = process.env.TEST_POSTGRES_URL && migrated ? MIGRATED_TEMPLATE : "template1";
    const scratch = await createScratchDatabase(clusterUrl, template);
    url = scratch.url;
    cleanups.push(() => scratch.drop());
  } else {
    url = `file:${join(dir, `db${++counter}.db`)}`;
  }
  const { db } = openDatabase(url, { poolSize: 4 });
  cleanups.push(() => db.destroy());
  if (migrated) await migrateToLatest(db);
  return db;
}

/** A site with rows in every table, including nulls, unicode, and the audit log. */
async function populate(db: Kysely<Database>): Promise<void> {
  const owner = { id: "u-owner" };
  const stamp = "2026-11-22T09:00:00.000Z";
  await db
    .insertInto("users")
    .values({ id: owner.id, username: "Boss", username_key: "boss", email: "boss@example.com", email_key: "boss@example.com", password_hash: "$2b$04$notarealhash", permissions: '["override:owner"]', role_key: "owner", is_active: 1, created_at: stamp, updated_at: stamp })
    .execute();
  await db
    .insertInto("roles")
    .values({ key: "user", name: "User", description: "Sees the site", permissions: '["website:view"]', color: "#888", updated_at: stamp })
    .execute();
  await db
    .insertInto("projects")
    .values(
      Array.from({ length: 14 }, (_, i) => ({ id: `p${i}`, title: `Project ${i} — “quoted”`, description: "d\nline two", github: i % 2 ? null : `https://github.com/x/p${i}`, external_link: null, is_archived: i % 3 === 0 ? 1 : 0, is_latest: i === 0 ? 1 : 0, tags: '["ts","sqlite"]', created_at: stamp, updated_at: stamp })),
    )
    .execute();
  await db.insertInto("settings").values({ key: "seeded", value: "true" }).execute();
  await db
    .insertInto("audit_log")
    .values({ id: "a0", at: stamp, actor_id: null, actor_name: "system", action: "owner.create", target_type: "user", target_id: owner.id, details: "{}" })
    .execute();
  const at = "2026-11-23T10:00:00.000Z";
  await db
    .insertInto("sessions")
    .values({ id: "s1", token_hash: "h1", user_id: owner.id, user_agent: "Zoë's “browser”", created_at: at, last_seen_at: at, expires_at: at })
    .execute();
  await db
    .insertInto("tokens")
    .values({ id: "t1", kind: "reset", token_hash: "th", user_id: owner.id, created_at: at, expires_at: at, used_at: null })
    .execute();
  await db
    .insertInto("audit_log")
    .values([1, 2, 3].map((i) => ({ id: `a${i}`, at, actor_id: owner.id, actor_name: "boss", action: "user.login", target_type: "user", target_id: null, details: `{"n":${i}}` })))
    .execute();
  await db
    .insertInto("twitch_authorizations")
    .values({ id: "tw1", access_token: null, auth_code: "c", secret_format: "plain", scope: '["chat:read"]', token_type: null, client_timestamp: null, user_agent: null, referrer: null, created_at: at })
    .execute();
  await db.insertInto("rate_limits").values({ limiter: "login-ip", key: "127.0.0.1", hits: 3, reset_at: at }).execute();
}

/** Every row of every table, in a stable order, as JSON text. */
async function dump(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const tables = (await db.introspection.getTables()).map((t) => t.name).sort();
  for (const table of tables) {
    const rows = await db.selectFrom(table as keyof Database).selectAll().execute();
    out[table] = rows
      .map((row) => JSON.stringify(Object.fromEntries(Object.entries(row).sort(([a], [b]) => a.localeCompare(b)))))
      .sort();
  }
  return out;
}

describe("backup and restore", () => {
  it("moves a site from SQLite to PostgreSQL and back, equal row for row", async () => {
    const source = await fresh("sqlite");
    await populate(source);
    const original = await dump(source);
    expect(original.audit_log).toHaveLength(4);

    const toPg = join(dir, "from-sqlite.ndjson.gz");
    const header = await writeBackup(source, toPg);
    expect(header).toMatchObject({ format: BACKUP_FORMAT, schemaVersion: latestMigrationName(), dialect: "sqlite" });
    expect(header.tables).toMatchObject({ users: 1, projects: 14, sessions: 1, tokens: 1, rate_limits: 1 });
    expect(header.tables.audit_log).toBe(original.audit_log?.length);

    const pgTarget = await fresh("postgres", false);
    await restoreBackup(pgTarget, toPg);
    expect(await dump(pgTarget)).toEqual(original);

    const toSqlite = join(dir, "from-pg.ndjson.gz");
    expect((await writeBackup(pgTarget, toSqlite)).dialect).toBe("postgres");
    const sqliteTarget = await fresh("sqlite", false);
    await restoreBackup(sqliteTarget, toSqlite);
    expect(await dump(sqliteTarget)).toEqual(original);
  });

  it("writes a gzip NDJSON file, readable by its owner only: a header with the schema version and counts, then one line per row", async () => {
    const source = await fresh("sqlite");
    await populate(source);
    const file = join(dir, "look.ndjson.gz");
    await writeBackup(source, file);
    // Every password and token hash is in it: readable by its owner only (SECURITY 29).
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const lines = gunzipSync(readFileSync(file)).toString("utf8").trim().split("\n");
    const header = JSON.parse(lines[0] ?? "");
    expect(Object.keys(header).sort()).toEqual(["createdAt", "dialect", "format", "schemaVersion", "tables"]);
    expect(lines).toHaveLength(1 + Object.values(header.tables as Record<string, number>).reduce((a, b) => a + b, 0));
    expect(JSON.parse(lines[1] ?? "")).toHaveProperty("t");
    expect(JSON.parse(lines[1] ?? "")).toHaveProperty("r");
  });

  it("numbers new audit entries after the restored ones on PostgreSQL", async () => {
    const source = await fresh("sqlite");
    await populate(source);
    const file = join(dir, "seq.ndjson.gz");
    const { tables } = await writeBackup(source, file);
    const target = await fresh("postgres", false);
    await restoreBackup(target, file);
    await target
      .insertInto("audit_log")
      .values({ id: "after", at: "2026-11-24T00:00:00.000Z", actor_id: null, actor_name: "x", action: "x.y", target_type: "x", target_id: null, details: "{}" })
      .execute();
    const last = await target.selectFrom("audit_log").select(["seq", "id"]).orderBy("seq", "desc").executeTakeFirstOrThrow();
    expect(last).toEqual({ seq: (tables.audit_log ?? 0) + 1, id: "after" });
  });

  for (const dialect of ["sqlite", "postgres"] as const) {
    it(`takes a consistent snapshot on ${dialect} during 50 concurrent writers and restores it into the other dialect`, async () => {
      const source = await fresh(dialect);
      await populate(source);
      const file = join(dir, `busy-${dialect}.ndjson.gz`);
      let stop = false;
      // The backup starts once the writers are well under way (every one has committed at least once).
      let committed = 0;
      let underWay = () => {};
      const writing = new Promise<void>((resolve) => {
        underWay = resolve;
      });
      const writers = Array.from({ length: 50 }, async (_, w) => {
        for (let i = 0; !stop; i++) {
          await source.transaction().execute(async (trx) => {
            await trx.insertInto("settings").values({ key: `w${w}-${i}`, value: "a" }).execute();
            await trx.insertInto("settings").values({ key: `w${w}-${i}-pair`, value: "b" }).execute();
          });
          if (i === 0 && ++committed === 50) underWay();
          // Yield to timers and I/O between writes, as requests arriving over the network do (better-sqlite3
          // is synchronous: without this the writers would never let the backup start).
          await new Promise((resolve) => setImmediate(resolve));
        }
      });
      await writing;
      const header = await writeBackup(source, file);
      stop = true;
      await Promise.all(writers);

      const target = await fresh(dialect === "sqlite" ? "postgres" : "sqlite", false);
      await restoreBackup(target, file);
      const restored = await dump(target);
      const now = await dump(source);
      expect(restored.settings).toHaveLength(header.tables.settings ?? -1);
      // Every restored row is a row of the source, and every transaction is there whole or not at all.
      for (const table of Object.keys(restored)) for (const row of restored[table] ?? []) expect(now[table]).toContain(row);
      const keys = new Set((restored.settings ?? []).map((r) => (JSON.parse(r) as { key: string }).key));
      for (const key of keys) if (key.endsWith("-pair")) expect(keys.has(key.slice(0, -"-pair".length))).toBe(true);
      for (const key of keys) if (/^w\d+-\d+$/.test(key)) expect(keys.has(`${key}-pair`)).toBe(true);
    });
  }

  it("refuses a database that is not empty unless forced, and a forced restore replaces everything", async () => {
    const source = await fresh("sqlite");
    await populate(source);
    const file = join(dir, "force.ndjson.gz");
    await writeBackup(source, file);
    const target = await fresh("postgres");
    await populate(target);
    await target.insertInto("settings").values({ key: "only-in-target", value: "x" }).execute();
    const before = await dump(target);
    await expect(restoreBackup(target, file)).rejects.toThrow(
      /^The target database is not empty \(.*users: 1.*\); restore refuses to replace its data without --force\.$/,
    );
    expect(await dump(target)).toEqual(before);
    await restoreBackup(target, file, { force: true });
    expect(await dump(target)).toEqual(await dump(source));
    // The append-only rule is back in force after the purge.
    await expect(target.deleteFrom("audit_log").execute()).rejects.toThrow("audit_log is append-only");
  });

  it("refuses a truncated file with a clear message and changes nothing", async () => {
    const source = await fresh("sqlite");
    await populate(source);
    const file = join(dir, "whole.ndjson.gz");
    await writeBackup(source, file);
    const bytes = readFileSync(file);
    const truncated = join(dir, "truncated.ndjson.gz");
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const target = await fresh("postgres", false);
    await expect(restoreBackup(target, truncated)).rejects.toThrow(
      "The backup file is corrupted or truncated (unexpected end of file); nothing was restored.",
    );
    expect((await target.introspection.getTables()).map((t) => t.name)).toEqual([]);
  });

  it("refuses a file whose rows do not match its header (re-compressed after cutting lines)", async () => {
    const source = await fresh("sqlite");
    await populate(source);
    const file = join(dir, "cut.ndjson.gz");
    await writeBackup(source, file);
    const lines = gunzipSync(readFileSync(file)).toString("utf8").trim().split("\n");
    const withoutLast = lines.slice(0, -1);
    const lastTable = (JSON.parse(lines.at(-1) ?? "") as { t: string }).t;
    const header = JSON.parse(lines[0] ?? "") as { tables: Record<string, number> };
    writeFileSync(file, gzipSync(`${withoutLast.join("\n")}\n`));
    const target = await fresh("sqlite");
    await expect(restoreBackup(target, file)).rejects.toThrow(
      `The backup file is truncated or corrupted: table ${lastTable} has ${(header.tables[lastTable] ?? 0) - 1} rows, the header says ${header.tables[lastTable]}; nothing was restored.`,
    );
    expect(await target.selectFrom("users").select("id").execute()).toEqual([]);
  });

  it("refuses a corrupted file (a damaged byte) with a clear message and changes nothing", async () => {
    const source = await fresh("sqlite");
    await populate(source);
    const file = join(dir, "damaged.ndjson.gz");
    await writeBackup(source, file);
    const bytes = Buffer.from(readFileSync(file));
    // The gzip trailer's CRC covers every byte: damage it, and the stream itself reports the corruption.
    bytes[bytes.length - 6] = (bytes[bytes.length - 6] ?? 0) ^ 0xff;
    writeFileSync(file, bytes);
    const target = await fresh("postgres");
    await expect(restoreBackup(target, file)).rejects.toThrow(
      "The backup file is corrupted or truncated (incorrect data check); nothing was restored.",
    );
    expect(await target.selectFrom("projects").select("id").execute()).toEqual([]);
  });

  it("refuses a file that is not a backup", async () => {
    const file = join(dir, "not-a-backup.gz");
    writeFileSync(file, gzipSync('{"hello":"world"}\n'));
    const target = await fresh("sqlite");
    await expect(restoreBackup(target, file)).rejects.toThrow(
      `This is not a portfolio backup (format "undefined", expected "${BACKUP_FORMAT}"); nothing was restored.`,
    );
    const plain = join(dir, "plain.txt");
    writeFileSync(plain, "just text");
    await expect(restoreBackup(target, plain)).rejects.toThrow(
      "The backup file is corrupted or truncated (incorrect header check); nothing was restored.",
    );
  });
});
