/**
 * No module of packages/core reaches itself again through its imports (type imports included): a ring
 * means its modules can be neither understood nor loaded one at a time, and the order they load in decides
 * which of them sees the others half made.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** The files a module imports or re-exports by a relative path. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+\.ts)"/g)];
  return specifiers.map((match) => resolve(dirname(file), match[1] as string));
}

/** The groups of files that import one another in a ring (strongly connected components, Tarjan's). */
function rings(files: string[]): string[][] {
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (stack.includes(next)) {
        low.set(file, Math.min(low.get(file) as number, index.get(next) as number));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      group.push(member);
      if (member === file) break;
    }
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(group.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

describe("packages/core's imports", () => {
  it("form no ring", () => {
    const found = rings(sourceFiles(SRC)).map((group) => group.map((file) => relative(SRC, file)).join(", "));
    expect(found).toEqual([]);
  });
});
