import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cspMetaTag, rendererCsp } from "../src/main/renderer-csp.ts";
import { checkBundles, importedPackages } from "./check-bundles.mjs";

const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));
const run = promisify(execFile);

describe("the electron-vite build, with no Electron binary", () => {
  let outDir: string;
  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), "portfolio-desktop-out-"));
    await run(
      join(packageDir, "node_modules", ".bin", "electron-vite"),
      ["build", "--outDir", outDir, "--logLevel", "warn"],
      {
        cwd: packageDir,
        env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: "1" },
      },
    );
  }, 120_000);
  afterAll(() => {
    rmSync(outDir, { recursive: true, force: true });
  });

  it("produces the three bundles: main as ESM, preload as CommonJS, the renderer page", () => {
    expect(checkBundles(outDir)).toEqual([]);
  });

  it("carries no copy of sharp in main: the desktop never makes picture variants", () => {
    const main = join(outDir, "main");
    const sources = readdirSync(main).map((file) => readFileSync(join(main, file), "utf8"));
    expect(sources.filter((source) => source.includes("node_modules/sharp/"))).toEqual([]);
    expect(sources.some((source) => source.includes("The desktop app does not process pictures"))).toBe(true);
  });

  it("writes the production CSP from renderer-csp.ts into the renderer page", () => {
    const page = readFileSync(join(outDir, "renderer", "index.html"), "utf8");
    expect(page).toContain(cspMetaTag(rendererCsp({ kind: "production" }, "meta")));
  });
});

describe("the bundle check", () => {
  let outDir: string;
  beforeAll(() => {
    outDir = mkdtempSync(join(tmpdir(), "portfolio-desktop-bad-"));
  });
  afterAll(() => {
    rmSync(outDir, { recursive: true, force: true });
  });

  it("reports each missing bundle", () => {
    expect(checkBundles(outDir)).toEqual([
      `missing ${join(outDir, "main", "index.js")}`,
      `missing ${join(outDir, "preload", "index.cjs")}`,
      `missing ${join(outDir, "renderer", "index.html")}`,
    ]);
  });

  it("reports a package left external in main, an ES module preload and a page without CSP", () => {
    mkdirSync(join(outDir, "main"));
    mkdirSync(join(outDir, "preload"));
    mkdirSync(join(outDir, "renderer"));
    writeFileSync(
      join(outDir, "main", "index.js"),
      'import { Kysely } from "kysely";\nimport Db from "better-sqlite3";\n',
    );
    writeFileSync(join(outDir, "preload", "index.cjs"), 'import { contextBridge } from "electron";\n');
    writeFileSync(
      join(outDir, "renderer", "index.html"),
      '<html><script type="module" src="/assets/a.js"></script></html>',
    );
    expect(checkBundles(outDir)).toEqual([
      "main bundle imports kysely at run time; only electron and better-sqlite3 may stay external",
      "out/preload/index.cjs is not CommonJS",
      "the preload exposes no bridge",
      "the renderer page has no Content-Security-Policy meta tag",
      "the renderer page names /assets/a.js; file:// needs a relative ./ path",
    ]);
  });

  it("finds imports, dynamic imports and requires, but not relative chunks", () => {
    expect(
      importedPackages(
        'import a from "x";\nimport "y";\nconst b = await import("z");\nrequire("node:fs");\nimport c from "./chunk.js";',
      ),
    ).toEqual(["node:fs", "x", "y", "z"]);
  });
});
