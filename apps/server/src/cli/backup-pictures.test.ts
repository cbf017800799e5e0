/**
 * Pictures live in the database, so a backup carries them (docs/design.md §4): a backup of one dialect
 * restored into the other still serves every picture, original and variants, byte for byte.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { restoreBackup, writeBackup } from "@portfolio/core/data";
import type { Project, ProjectPicture } from "@portfolio/core/domain";
import { type PostgresCluster, startPostgresCluster } from "@portfolio/core/test/postgres-cluster";
import { noisePng, pictureForm, pngPicture } from "@portfolio/testing/data/pictures.ts";
import { openTestDatabase, type TestDatabase } from "@portfolio/testing/data/test-database.ts";
import { OWNER, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

let cluster: PostgresCluster | undefined;
let clusterUrl: string;
let dir: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "portfolio-picture-backup-"));
  if (process.env.TEST_POSTGRES_URL) clusterUrl = process.env.TEST_POSTGRES_URL;
  else {
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

async function database(dialect: "sqlite" | "postgres", migrated: boolean): Promise<TestDatabase> {
  const opened = await openTestDatabase({ dialect, clusterUrl, migrated });
  cleanups.push(() => opened.close());
  return opened;
}

async function serverOn(url: string): Promise<TestServer> {
  const server = await startTestServer({ env: { DATABASE_URL: url } });
  cleanups.push(() => server.close());
  return server;
}

async function bytesAt(server: TestServer, path: string): Promise<Buffer> {
  const res = await fetch(`${server.url}${path}`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe.each([
  ["sqlite", "postgres"],
  ["postgres", "sqlite"],
] as const)("a backup of %s restored into %s", (from, to) => {
  it("still serves every picture, original and variants, byte for byte", async () => {
    const source = await serverOn((await database(from, true)).url);
    const owner = await source.login(OWNER.username, OWNER.password);
    const project = (await owner.post<Project>("/api/projects", { title: "Atlas", description: "Maps" })).body;
    const pictures: ProjectPicture[] = [];
    // A wide one (variants at 480 and 960) and one whose stored bytes span two chunks.
    for (const file of [pngPicture(1000, 20), noisePng(700, 600)]) {
      const res = await owner.post<ProjectPicture>(
        `/api/projects/${project._id}/pictures`,
        pictureForm(file, { alt: "A picture" }),
      );
      expect(res.status).toBe(201);
      pictures.push(res.body);
    }
    const chunks = await source.core.db
      .selectFrom("media_chunks")
      .select("idx")
      .where("key", "=", pictures[1]?.hash ?? "")
      .execute();
    expect(chunks.length).toBeGreaterThan(1);
    const paths = pictures.flatMap((p) => [
      `/media/${p.hash}`,
      `/media/${p.hash}/480.avif`,
      `/media/${p.hash}/480.webp`,
    ]);
    paths.push(`/media/${pictures[0]?.hash}/960.avif`);
    const before = await Promise.all(paths.map((path) => bytesAt(source, path)));

    const file = join(dir, `${from}-to-${to}.ndjson.gz`);
    await writeBackup(source.core.db, file);
    const target = await database(to, false);
    await restoreBackup(target.db, file);
    const restored = await serverOn(target.url);
    const after = await Promise.all(paths.map((path) => bytesAt(restored, path)));
    expect(after.map((b) => b.toString("base64"))).toEqual(before.map((b) => b.toString("base64")));
  });
});
