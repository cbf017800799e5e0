/**
 * What the server loads at start (docs/performance.md, "Start"): the bundle's static imports leave out the
 * heavy modules only some requests or settings need (WebAuthn, the PostgreSQL driver, mail, pictures,
 * metrics, pretty logs); each is imported where it is first used.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
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
  it("imports the modules every start needs statically", () => {
    expect(staticImports).toEqual(expect.arrayContaining(["express", "kysely", "better-sqlite3", "pino"]));
  });

  it.each(LOADED_WHEN_USED)("loads %s only where it is first used", (name) => {
    expect(staticImports).not.toContain(name);
  });
});
