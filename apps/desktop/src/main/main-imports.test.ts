/**
 * The main process is Node: it reaches the server through core's transport
 * (`@portfolio/core/operations/client`), never through the React package, so nothing of the UI is bundled
 * into it (docs/design.md §1: the shared React package is the renderer's and the site's).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const MAIN_DIR = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [path] : [];
  });
}

describe("the desktop main process's imports", () => {
  it("takes nothing from the shared React package", () => {
    const offenders = sourceFiles(MAIN_DIR).filter((file) =>
      /from\s+["'](@portfolio\/ui|[./]*packages\/ui)|import\(\s*["'](@portfolio\/ui|[./]*packages\/ui)/.test(
        readFileSync(file, "utf8"),
      ),
    );
    expect(offenders.map((file) => relative(MAIN_DIR, file))).toEqual([]);
  });
});
