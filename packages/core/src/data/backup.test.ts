/**
 * Portable backup and restore: SQLite → PostgreSQL → SQLite equal row for row, a consistent
 * snapshot during concurrent writes, and refusals (non-empty target, corrupted, truncated or crafted file)
 * that name the line and table and change nothing, the same on both dialects. Runs on every test run: it needs both dialects, so it starts a PostgreSQL cluster when
 * the run has none (and fails loudly if it cannot).
 */
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip, gunzipSync, gzipSync } from "node:zlib";
import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "@portfolio/testing/data/test-database.ts";
import { type PostgresCluster, startPostgresCluster } from "../test/postgres-cluster.ts";
import { verifyAuditChain } from "../services/audit-chain.ts";
import { sealAuditLogOnce } from "../services/audit-seal.ts";
import { recordAudit } from "../services/audit.service.ts";
import { BACKUP_FORMAT, MAX_BACKUP_LINE_BYTES, restoreBackup, writeBackup } from "./backup.ts";
import { latestMigrationName } from "./database.ts";
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

/** A fresh database of the given dialect, migrated unless asked otherwise. */
async function fresh(dialect: "sqlite" | "postgres", migrated = true): Promise<Kysely<Database>> {
  const opened = await openTestDatabase({ dialect, clusterUrl, migrated });
  cleanups.push(() => opened.close());
  return opened.db;
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
  // Versions of the site profile and a role: restorable on the other side too.
  await db
    .insertInto("versions")
    .values([
      { subject: "role", subject_id: "user", version: 1, at: stamp, actor_id: null, actor_name: null, action: "before-history", fields: '{"permissions":["website:view"]}' },
      { subject: "profile", subject_id: "site_profile", version: 2, at: stamp, actor_id: owner.id, actor_name: "Boss", action: "edit", fields: '{"ownerName":"Zoë “Boss”"}' },
    ])
    .execute();
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
    // Every password and token hash is in it: readable by its owner only (docs/security.md, promise 29).
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const lines = gunzipSync(readFileSync(file)).toString("utf8").trim().split("\n");
    const header = JSON.parse(lines[0] ?? "");
    expect(Object.keys(header).sort()).toEqual(["createdAt", "dialect", "format", "schemaVersion", "tables"]);
    expect(lines).toHaveLength(1 + Object.values(header.tables as Record<string, number>).reduce((a, b) => a + b, 0));
    expect(JSON.parse(lines[1] ?? "")).toHaveProperty("t");
    expect(JSON.parse(lines[1] ?? "")).toHaveProperty("r");
  });

  // docs/security.md, promise 32: the audit chain is keyed outside the database and seq is not part of it, so a restore into
  // the other dialect verifies, keeps its head, and the next entry chains onto it.
  it.each([
    ["sqlite", "postgres"],
    ["postgres", "sqlite"],
  ] as const)("restores a %s backup into %s with its audit chain intact", async (from, to) => {
    const key = "backup-test-audit-key-0123456789";
    const writer = (db: Kysely<Database>) => ({ db, core: { config: { auditKey: key }, now: () => new Date() } });
    const source = writer(await fresh(from));
    // As the server's first start: the seal and the remembered head, keyed rows the backup must carry.
    await sealAuditLogOnce(source.db, source.core);
    for (let i = 0; i < 5; i++) {
      await recordAudit(source.core, source.db, { kind: "system", reason: "test" }, {
        action: "project.edit",
        targetType: "project",
        targetId: `p${i}`,
        details: { after: { title: `Ünïcode “${i}”` } },
      });
    }
    const before = await verifyAuditChain(source.db, key);
    expect(before).toMatchObject({ ok: true, entries: 5 });
    const file = join(dir, `chain-${from}.ndjson.gz`);
    const written = await writeBackup(source.db, file);
    expect(before.ok && written.auditHead).toBe(before.ok && `${before.head?.id}:${before.head?.hash}`);

    const target = writer(await fresh(to, false));
    await restoreBackup(target.db, file);
    const keyedRows = (db: Kysely<Database>) =>
      db.selectFrom("audit_chain").selectAll().where("name", "in", ["seal", "verified"]).orderBy("name").execute();
    expect(await keyedRows(target.db)).toEqual(await keyedRows(source.db));
    expect(await verifyAuditChain(target.db, key)).toEqual(before);
    await recordAudit(target.core, target.db, { kind: "system", reason: "test" }, {
      action: "project.edit",
      targetType: "project",
    });
    expect(await verifyAuditChain(target.db, key)).toMatchObject({ ok: true, entries: 6 });
    // The same rows checked with another key are all forged.
    expect(await verifyAuditChain(target.db, "some-other-key-0123456789")).toMatchObject({ ok: false, entries: 0 });
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

/** A backup file written by hand: a header for `tables`, then `lines` as they are. */
function craftedBackup(name: string, tables: Record<string, number>, lines: string[]): string {
  const file = join(dir, name);
  const header = { format: BACKUP_FORMAT, schemaVersion: latestMigrationName(), dialect: "sqlite", createdAt: "2026-11-24T00:00:00.000Z", tables };
  writeFileSync(file, gzipSync(`${[JSON.stringify(header), ...lines].join("\n")}\n`));
  return file;
}

const stamp = "2026-11-24T00:00:00.000Z";
const userRow = { id: "u1", username: "Boss", username_key: "boss", email: "b@example.com", email_key: "b@example.com", password_hash: "$2b$04$x", permissions: "[]", role_key: null, is_active: 1, created_at: stamp, updated_at: stamp };
const projectRow = (id: string, changes: Record<string, unknown> = {}) =>
  JSON.stringify({ t: "projects", r: { id, title: `Title ${id}`, description: "", github: null, external_link: null, is_archived: 0, is_latest: 0, tags: "[]", created_at: stamp, updated_at: stamp, version: 1, ...changes } });

/** Every row of every table is gone or was never written. */
async function expectNoRows(db: Kysely<Database>): Promise<void> {
  expect(Object.values(await dump(db)).flat()).toEqual([]);
}

/** 600 MB of one line in a gzip of about 600 KB, streamed: never held in memory, here or in the restore. */
let bomb: Promise<string> | undefined;
function oneEndlessLine(): Promise<string> {
  bomb ??= (async () => {
    const file = join(dir, "endless-line.ndjson.gz");
    const megabyte = Buffer.alloc(1024 * 1024, 0x61);
    async function* lines() {
      yield `${JSON.stringify({ format: BACKUP_FORMAT, schemaVersion: latestMigrationName(), dialect: "sqlite", createdAt: stamp, tables: { projects: 1 } })}\n`;
      yield '{"t":"projects","r":{"id":"p1","title":"';
      for (let i = 0; i < 600; i++) yield megabyte;
      yield '"}}\n';
    }
    await pipeline(lines, createGzip({ level: 9 }), createWriteStream(file));
    return file;
  })();
  return bomb;
}

for (const dialect of ["sqlite", "postgres"] as const) {
  describe(`restore of a crafted file into ${dialect}`, () => {
    it("restores the crafted rows the refusals below are built from", async () => {
      const file = craftedBackup("valid.ndjson.gz", { users: 1, projects: 2 }, [JSON.stringify({ t: "users", r: userRow }), projectRow("p1"), projectRow("p2")]);
      const target = await fresh(dialect);
      await restoreBackup(target, file);
      expect(await target.selectFrom("projects").select("id").orderBy("id").execute()).toEqual([{ id: "p1" }, { id: "p2" }]);
    });

    for (const table of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      it(`refuses a row of table ${table} (in every object's prototype, not in the header) as an unknown table`, async () => {
        const file = craftedBackup(`table-${table}.ndjson.gz`, { projects: 1 }, [projectRow("p1"), JSON.stringify({ t: table, r: { id: "x" } })]);
        const target = await fresh(dialect);
        await expect(restoreBackup(target, file)).rejects.toThrow(
          `Line 3 is a row of table "${table}", which the header does not list; nothing was restored.`,
        );
        await expectNoRows(target);
      });
    }

    it("refuses a 600 MB line unpacked from a 600 KB gzip at the line cap, without holding it", async () => {
      const file = await oneEndlessLine();
      expect(statSync(file).size).toBeLessThan(1024 * 1024);
      expect(MAX_BACKUP_LINE_BYTES).toBe(8 * 1024 * 1024);
      const target = await fresh(dialect);
      await expect(restoreBackup(target, file)).rejects.toThrow(
        "Line 2 is longer than 8 MB: this is not a backup this version wrote; nothing was restored.",
      );
      await expectNoRows(target);
    }, 30_000);

    it("refuses a line that is not JSON, naming it", async () => {
      const file = craftedBackup("bad-json.ndjson.gz", { projects: 2 }, [projectRow("p1"), '{"t":"projects","r":{"id":']);
      const target = await fresh(dialect);
      await expect(restoreBackup(target, file)).rejects.toThrow(
        "Line 3 is not valid JSON: the backup file is corrupted; nothing was restored.",
      );
      await expectNoRows(target);
    });

    it("refuses a line that is JSON but not a row, naming it", async () => {
      const file = craftedBackup("not-a-row.ndjson.gz", { projects: 1 }, ['{"t":"projects","r":["p1"]}']);
      const target = await fresh(dialect);
      await expect(restoreBackup(target, file)).rejects.toThrow(
        "Line 2 is not a row of a table: the backup file is corrupted; nothing was restored.",
      );
      await expectNoRows(target);
    });

    const refusedRows: [string, string, string][] = [
      ["a NUL character in a text column (PostgreSQL cannot store it)", projectRow("p2", { title: "a\u0000b" }), "column title holds a NUL character, which PostgreSQL cannot store"],
      ["an unpaired surrogate in a text column", projectRow("p2", { description: "\ud800" }), "column description holds an unpaired UTF-16 surrogate, which is not text"],
      ["an integer past 32 bits", projectRow("p2", { version: 2 ** 31 }), "column version must be a whole number from -2147483648 to 2147483647, not 2147483648"],
      ["text in an integer column", projectRow("p2", { is_archived: "yes" }), "column is_archived must be a whole number from -2147483648 to 2147483647, not a string"],
      ["a number in a text column", projectRow("p2", { title: 7 }), "column title must be text, not a number"],
      ["an object in a text column", projectRow("p2", { tags: ["a"] }), "column tags must be text, not a list"],
      // Written as JSON text: in an object literal, __proto__ would set the prototype instead of a key.
      ["a column the table does not have", projectRow("p2").replace('"version":1}', '"version":1,"__proto__":"x"}'), 'the table has no column "__proto__"'],
      ["null in a required column", projectRow("p2", { title: null }), "column title is null, but it is required"],
      ["null in a text primary key", projectRow("p2", { id: null }), "column id is null, but it is required"],
      ["a required column left out", projectRow("p2", { title: undefined }), "column title is missing"],
      ["the id of an earlier row (refused by the database)", projectRow("p1"), "another row has the same id"],
    ];
    for (const [what, line, reason] of refusedRows) {
      it(`refuses a row with ${what}, naming its line and table`, async () => {
        const file = craftedBackup("bad-row.ndjson.gz", { users: 1, projects: 3 }, [JSON.stringify({ t: "users", r: userRow }), projectRow("p1"), line, projectRow("p3")]);
        const target = await fresh(dialect);
        await expect(restoreBackup(target, file)).rejects.toThrow(
          `Line 4 (table projects) could not be restored: ${reason}; nothing was restored.`,
        );
        await expectNoRows(target);
      });
    }

    it("refuses a row whose parent is not in the backup (refused by the database), naming its line and table", async () => {
      const session = { id: "s1", token_hash: "h", user_id: "nobody", user_agent: "x", created_at: stamp, last_seen_at: stamp, expires_at: stamp };
      const file = craftedBackup("orphan.ndjson.gz", { users: 1, sessions: 1 }, [JSON.stringify({ t: "users", r: userRow }), JSON.stringify({ t: "sessions", r: session })]);
      const target = await fresh(dialect);
      await expect(restoreBackup(target, file)).rejects.toThrow(
        "Line 3 (table sessions) could not be restored: it refers to a row that the backup does not hold before it; nothing was restored.",
      );
      await expectNoRows(target);
    });

    it("finds the refused row inside a batch of many, and restores nothing", async () => {
      const projects = Array.from({ length: 300 }, (_, i) => projectRow(`p${i}`));
      projects[250] = projectRow("p7");
      const file = craftedBackup("big-batch.ndjson.gz", { projects: 300 }, projects);
      const target = await fresh(dialect);
      await expect(restoreBackup(target, file)).rejects.toThrow(
        "Line 252 (table projects) could not be restored: another row has the same id; nothing was restored.",
      );
      await expectNoRows(target);
    });
  });
}
