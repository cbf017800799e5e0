import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BOTH_DIALECTS_ALWAYS, POSTGRES_PASS } from "./postgres-pass.mjs";

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
});

/** The test files at a path: the file itself, or every `*.test.ts` below a folder. */
function testFiles(path: string): string[] {
  if (path.endsWith(".test.ts")) return [path];
  if (!existsSync(path) || path.endsWith(".ts")) return [];
  return readdirSync(path, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => join(path, file));
}
