import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BOTH_DIALECTS_ALWAYS, NO_DATABASE, POSTGRES_PASS } from "./postgres-pass.mjs";

const root = join(import.meta.dirname, "..");

describe("the PostgreSQL pass", () => {
  it("names only paths that exist, so a moved test file is never silently left out", () => {
    expect(POSTGRES_PASS.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it("runs all of core and the scale tests", () => {
    expect(POSTGRES_PASS).toContain("packages/core/src");
    expect(POSTGRES_PASS).toContain("apps/server/src/scale");
  });

  it("leaves out, by name, every test file in it that starts a cluster of its own: the first pass runs those on both dialects", () => {
    const ownCluster = POSTGRES_PASS.flatMap((path) => testFiles(join(root, path)))
      .filter((file) => readFileSync(file, "utf8").includes("startPostgresCluster("))
      .map((file) => file.slice(root.length + 1))
      .sort();
    expect(ownCluster).toEqual([...BOTH_DIALECTS_ALWAYS].sort());
  });

  it("leaves out as opening no database only test files that open none, and that the first pass runs", () => {
    const files = NO_DATABASE.flatMap((path) => testFiles(join(root, path)));
    expect(files.length).toBeGreaterThan(NO_DATABASE.length);
    const opening = files
      .filter((file) => OPENS_A_DATABASE.test(readFileSync(file, "utf8")))
      .map((file) => file.slice(root.length + 1));
    expect(opening).toEqual([]);
    expect(NO_DATABASE.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});

/** What a test file calls to get a database, a core or a server (each on TEST_DATABASE's dialect). */
const OPENS_A_DATABASE =
  /createTestCore|openTestDatabase|startTestServer|serverWithAccounts|createSyncFixture|openDatabase|startPostgresCluster|TEST_POSTGRES_URL|testDialect/;

/** The test files at a path: the file itself, or every `*.test.ts` below a folder. */
function testFiles(path: string): string[] {
  if (path.endsWith(".test.ts")) return [path];
  if (!existsSync(path) || path.endsWith(".ts")) return [];
  return readdirSync(path, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => join(path, file));
}
