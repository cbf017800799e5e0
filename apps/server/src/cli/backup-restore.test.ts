/**
 * The backup and restore commands over DATABASE_URL: a round trip, a refusal that names --force, and the
 * real `portfolio-server restore` refusing crafted files with one line on stderr (no stack) and exit code 1.
 */
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { createGzip, gzipSync } from "node:zlib";
import { BACKUP_FORMAT, latestMigrationName, openDatabase } from "@portfolio/core/data";
import { openTestDatabase, type TestDatabase } from "@portfolio/testing/data/test-database.ts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../../node-flags.mjs";
import { bundleServer, serverBundleFiles } from "../../server-bundle.mjs";
import { runBackup } from "./backup.ts";
import { runRestore } from "./restore.ts";

const opened: TestDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

async function seededDatabase(): Promise<TestDatabase> {
  const database = await openTestDatabase();
  opened.push(database);
  const at = "2026-11-23T10:00:00.000Z";
  await database.db
    .insertInto("projects")
    .values(
      Array.from({ length: 14 }, (_, i) => ({
        id: `p${i}`,
        title: `P${i}`,
        description: "",
        github: null,
        external_link: null,
        is_archived: 0,
        is_latest: 0,
        tags: "[]",
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  await database.db.insertInto("settings").values({ key: "seeded", value: "true" }).execute();
  return database;
}

describe("portfolio-server backup / restore", () => {
  it("backs up one database and restores it into an empty one", async () => {
    const source = await seededDatabase();
    const file = join(source.dir, "site.ndjson.gz");
    const lines: string[] = [];
    const header = await runBackup(source.url, file, (line) => lines.push(line));
    expect(lines[0]).toMatch(
      new RegExp(`^Backed up \\d+ rows from \\d+ tables \\(schema ${header.schemaVersion}\\) to ${file}\\.$`),
    );

    const target = await openTestDatabase();
    opened.push(target);
    const restoreLines: string[] = [];
    await runRestore(target.url, file, { log: (line) => restoreLines.push(line) });
    expect(restoreLines[0]).toMatch(/^Restored \d+ rows into \d+ tables from .* \(taken on (sqlite|postgres), .*\)\.$/);
    const check = openDatabase(target.url, { poolSize: 1 });
    expect(await check.db.selectFrom("projects").select("id").execute()).toHaveLength(14);
    await check.db.destroy();
  });

  it("refuses to restore over data without force, and replaces it with force", async () => {
    const source = await seededDatabase();
    const file = join(source.dir, "site.ndjson.gz");
    await runBackup(source.url, file, () => {});
    await expect(runRestore(source.url, file, { log: () => {} })).rejects.toThrow(
      /restore refuses to replace its data without --force\.$/,
    );
    await expect(runRestore(source.url, file, { force: true, log: () => {} })).resolves.toMatchObject({
      tables: { projects: 14 },
    });
  });
});

// Beside dist/, so the bundle's npm imports resolve from apps/server/node_modules.
const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const cli = join(serverDir, "dist", "cli-test", `main-${process.pid}.mjs`);
beforeAll(async () => {
  mkdirSync(dirname(cli), { recursive: true });
  await bundleServer({ outfile: cli });
}, 60_000);
afterAll(() => {
  for (const file of serverBundleFiles(cli).all) rmSync(file, { force: true });
});

/** Runs `portfolio-server <args>` as an operator would, with DATABASE_URL set. */
function runCli(databaseUrl: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, cli, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", fail);
    child.on("close", (code) => done({ code, stdout, stderr }));
  });
}

const headerLine = (tables: Record<string, number>) =>
  JSON.stringify({
    format: BACKUP_FORMAT,
    schemaVersion: latestMigrationName(),
    dialect: "sqlite",
    createdAt: "2026-11-24T00:00:00.000Z",
    tables,
  });
const projectLine = (id: string) =>
  JSON.stringify({
    t: "projects",
    r: {
      id,
      title: id,
      description: "",
      github: null,
      external_link: null,
      is_archived: 0,
      is_latest: 0,
      tags: "[]",
      created_at: "2026-11-24T00:00:00.000Z",
      updated_at: "2026-11-24T00:00:00.000Z",
      version: 1,
    },
  });

async function emptyTarget(): Promise<TestDatabase> {
  const target = await openTestDatabase();
  opened.push(target);
  return target;
}

async function projectCount(database: TestDatabase): Promise<number> {
  return (await database.db.selectFrom("projects").select("id").execute()).length;
}

describe("portfolio-server restore of a crafted file", () => {
  it("prints which line and table the database refused, exits 1 and writes nothing", async () => {
    const target = await emptyTarget();
    const file = join(target.dir, "repeated-id.ndjson.gz");
    writeFileSync(
      file,
      gzipSync(
        `${[headerLine({ projects: 3 }), projectLine("p1"), projectLine("p2"), projectLine("p1")].join("\n")}\n`,
      ),
    );
    expect(await runCli(target.url, ["restore", file])).toEqual({
      code: 1,
      stdout: "",
      stderr: "Line 4 (table projects) could not be restored: another row has the same id; nothing was restored.\n",
    });
    expect(await projectCount(target)).toBe(0);
  });

  it("prints that a row of table constructor is not in the header, exits 1 and writes nothing", async () => {
    const target = await emptyTarget();
    const file = join(target.dir, "constructor.ndjson.gz");
    writeFileSync(
      file,
      gzipSync(`${[headerLine({ projects: 1 }), projectLine("p1"), '{"t":"constructor","r":{}}'].join("\n")}\n`),
    );
    expect(await runCli(target.url, ["restore", file])).toEqual({
      code: 1,
      stdout: "",
      stderr: 'Line 3 is a row of table "constructor", which the header does not list; nothing was restored.\n',
    });
    expect(await projectCount(target)).toBe(0);
  });

  it("refuses a 600 MB line packed into a 600 KB gzip without crashing, exits 1 and writes nothing", async () => {
    const target = await emptyTarget();
    const file = join(target.dir, "endless-line.ndjson.gz");
    const megabyte = Buffer.alloc(1024 * 1024, 0x61);
    async function* lines() {
      yield `${headerLine({ projects: 1 })}\n{"t":"projects","r":{"id":"p1","title":"`;
      for (let i = 0; i < 600; i++) yield megabyte;
      yield '"}}\n';
    }
    await pipeline(lines, createGzip({ level: 9 }), createWriteStream(file));
    expect(await runCli(target.url, ["restore", file])).toEqual({
      code: 1,
      stdout: "",
      stderr: "Line 2 is longer than 8 MB: this is not a backup this version wrote; nothing was restored.\n",
    });
    expect(await projectCount(target)).toBe(0);
  }, 60_000);
});
