/**
 * What the server loads at start (docs/performance.md, "Start"): one file, whose only static import from
 * node_modules is the native SQLite binding; the heavy modules only some requests or settings need
 * (WebAuthn, the PostgreSQL driver, mail, pictures, metrics, pretty logs) are imported where first used.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleServer } from "../server-bundle.mjs";

const LOADED_WHEN_USED = ["@simplewebauthn/server", "pg", "nodemailer", "sharp", "prom-client", "pino-pretty"];

let dir: string;
let staticImports: string[];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "portfolio-start-imports-"));
  const outfile = join(dir, "main.js");
  await bundleServer({ outfile });
  const code = readFileSync(outfile, "utf8");
  staticImports = [...code.matchAll(/^import\s+(?:[^;]*?\s+from\s+)?"([^"]+)";?$/gms)].map((match) => match[1] ?? "");
}, 60_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("the server bundle", () => {
  it("holds every npm package a start needs but the native SQLite binding", () => {
    const builtin = new Set(builtinModules);
    const fromPackages = staticImports.filter((name) => !name.startsWith("node:") && !builtin.has(name));
    expect(fromPackages).toEqual(["better-sqlite3"]);
  });

  it.each(LOADED_WHEN_USED)("loads %s only where it is first used", (name) => {
    expect(staticImports).not.toContain(name);
  });
});
