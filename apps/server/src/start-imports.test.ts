/**
 * What the server loads at start (docs/performance.md, "Start"): one file, whose only static import from
 * node_modules is the native SQLite binding; the heavy modules only some requests or settings need
 * (WebAuthn, the PostgreSQL driver, mail, pictures, metrics, pretty logs) are imported where first used; and
 * of the bundle, what runs before the server listens holds the public reads but not Express nor the routes.
 */
import { isAscii } from "node:buffer";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleServer, serverBundleFiles } from "../server-bundle.mjs";

const LOADED_WHEN_USED = ["@simplewebauthn/server", "pg", "nodemailer", "sharp", "prom-client", "pino-pretty"];

let dir: string;
let staticImports: string[];
/** The bundle's inputs a start runs before it listens: main.ts and what it imports, without import(). */
let beforeListening: string[];
/** The built-in modules those inputs import. */
let builtinsBeforeListening: string[];
let lines: number;
let ascii: boolean;
let bodySha256: string;
let launcherText: string;
let launcherFile: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "portfolio-start-imports-"));
  const outfile = join(dir, "main.js");
  const result = await bundleServer({ outfile });
  const body = readFileSync(serverBundleFiles(outfile).body);
  lines = body.toString("utf8").split("\n").length;
  ascii = isAscii(body);
  bodySha256 = createHash("sha256").update(body).digest("hex");
  launcherText = readFileSync(outfile, "utf8");
  launcherFile = outfile;
  // esbuild's own account of the sources' imports: the bundle is minified, no pattern reads it reliably. It is
  // CommonJS, so every import is a require() there; the sources say which ones a start runs.
  const inputs = Object.values(result.metafile?.inputs ?? {});
  staticImports = [
    ...new Set(
      inputs.flatMap((input) =>
        input.imports
          // (esbuild's own helpers count as an import of "<runtime>".)
          .filter((entry) => entry.external && entry.kind === "import-statement" && entry.path !== "<runtime>")
          .map((entry) => entry.path),
      ),
    ),
  ];
  // An import statement or a require() runs its module when the importer runs; an import() only when called.
  const graph = result.metafile?.inputs ?? {};
  const entry = Object.keys(graph).find((input) => input.endsWith("src/main.ts"));
  const reached = new Set(entry ? [entry] : []);
  for (const input of reached) {
    for (const { path, kind } of graph[input]?.imports ?? []) {
      if (kind !== "dynamic-import" && path in graph) reached.add(path);
    }
  }
  beforeListening = [...reached];
  builtinsBeforeListening = [
    ...new Set(
      beforeListening.flatMap((input) =>
        (graph[input]?.imports ?? [])
          .filter((entry) => entry.external && entry.kind !== "dynamic-import" && entry.path.startsWith("node:"))
          .map((entry) => entry.path),
      ),
    ),
  ];
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

  it("is written without the source's layout, which a start would read and compile too", () => {
    // Tens of thousands of lines as laid out in the sources; a few hundred once whitespace is gone.
    expect(lines).toBeLessThan(2_000);
  });

  it("is ASCII, which a start reads in a copy rather than decoding it (launch/code-cache.ts)", () => {
    expect(ascii).toBe(true);
  });

  it("names the SHA-256 of its ASCII bytes to the launcher, which then copies them unchecked (launch/code-cache.ts)", () => {
    expect(launcherText).toContain(JSON.stringify(bodySha256));
  });

  it("has a CommonJS launcher, which Node starts without setting up its ES module loader", () => {
    expect(JSON.parse(readFileSync(join(dir, "package.json"), "utf8"))).toEqual({ type: "commonjs" });
  });

  it("runs the bundle from that launcher (a command it does not know gets its usage)", () => {
    const run = spawnSync(process.execPath, [launcherFile, "no-such-command"], { encoding: "utf8" });
    expect(run.stderr.trim()).toBe(
      "Usage: portfolio-server [backup <file> | restore <file> [--force] | audit-verify [--head <id>:<hash>]]",
    );
  });

  it.each(LOADED_WHEN_USED)("loads %s only where it is first used", (name) => {
    expect(staticImports).not.toContain(name);
  });

  it("runs the public reads' fast path before it listens (main.ts answers them at once)", () => {
    expect(beforeListening.filter((input) => input.endsWith("src/http/public-reads/public-reads.ts"))).toHaveLength(1);
  });

  it.each(["src/cli/backup.ts", "src/cli/restore.ts", "src/cli/audit-verify.ts"])(
    "runs %s only when its command is the one asked for (main.ts imports it then)",
    (name) => {
      expect(beforeListening.filter((input) => input.endsWith(name))).toEqual([]);
    },
  );

  // node:fs/promises loads node:readline and more, several milliseconds of a start, for files written later.
  it("imports node:fs/promises only after it listens (its users read node:fs's promises when they need them)", () => {
    expect(builtinsBeforeListening).toContain("node:fs");
    expect(builtinsBeforeListening).not.toContain("node:fs/promises");
  });

  // The public reads have a runner of their own (core's operations/public-reads.ts): the registry, every
  // operation's schemas and handlers, and the packages' indexes (which import every service) wait for the app.
  it.each([
    "packages/core/src/domain/operations/registry.ts",
    "packages/core/src/domain/operations/results.ts",
    "packages/core/src/domain/validation.ts",
    "packages/core/src/operations/handlers.ts",
    "packages/core/src/operations/run-operation.ts",
    "packages/core/src/domain/index.ts",
    "packages/core/src/data/index.ts",
    "packages/core/src/services/index.ts",
    "packages/core/src/operations/index.ts",
  ])("runs %s only after it listens (the public reads answer without it)", (name) => {
    expect(beforeListening.filter((input) => input.endsWith(name))).toEqual([]);
  });

  it.each(["express", "body-parser", "src/app.ts", "src/http/mount-operations.ts", "src/http/static-site.ts"])(
    "runs %s only after it listens (main.ts builds the app then)",
    (name) => {
      const runs = (input: string) =>
        name.startsWith("src/") ? input.endsWith(name) : input.includes(`/node_modules/${name}/`);
      expect(beforeListening.filter(runs)).toEqual([]);
    },
  );
});
