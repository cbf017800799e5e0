#!/usr/bin/env node
/**
 * Checks the three electron-vite bundles (CI runs it after `pnpm build`; needs no Electron binary):
 * - out/main/index.js: an ES module whose only package imports are electron and better-sqlite3 (the
 *   workspace packages and every other dependency are bundled; better-sqlite3 is native and external);
 * - out/preload/index.cjs: CommonJS (sandboxed preloads cannot be ES modules) requiring only electron;
 * - out/renderer/index.html: the page, with its CSP meta tag and relative asset paths (it loads from
 *   file://), and every asset it names present.
 *
 * Usage: node scripts/check-bundles.mjs [outDir]   (default: out, beside this package's package.json)
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const MAIN_EXTERNALS = new Set(["electron", "better-sqlite3"]);
const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** Bare module specifiers a bundle imports or requires (relative chunk imports are left out). */
export function importedPackages(code) {
  const specifiers = new Set();
  const patterns = [
    /^\s*import\s[^;]*?\sfrom\s*["']([^"']+)["']/gm,
    /^\s*import\s*["']([^"']+)["']/gm,
    /^\s*export\s[^;]*?\sfrom\s*["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
    /\brequire\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) {
      const specifier = match[1];
      if (specifier && !specifier.startsWith(".") && !specifier.startsWith("/")) specifiers.add(specifier);
    }
  }
  return [...specifiers].sort();
}

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Answers every problem found; an empty list means the bundles are fine. */
export function checkBundles(outDir) {
  const problems = [];
  const need = (path) => {
    if (existsSync(path)) return true;
    problems.push(`missing ${path}`);
    return false;
  };

  const mainEntry = join(outDir, "main", "index.js");
  if (need(mainEntry)) {
    const code = readFileSync(mainEntry, "utf8");
    if (!/^import\s/m.test(code)) {
      problems.push("out/main/index.js is not an ES module");
    }
    for (const file of filesUnder(join(outDir, "main")).filter((f) => /\.[cm]?js$/.test(f))) {
      for (const name of importedPackages(readFileSync(file, "utf8"))) {
        if (!MAIN_EXTERNALS.has(name) && !BUILTINS.has(name)) {
          problems.push(`main bundle imports ${name} at run time; only electron and better-sqlite3 may stay external`);
        }
      }
    }
  }

  const preload = join(outDir, "preload", "index.cjs");
  if (need(preload)) {
    const code = readFileSync(preload, "utf8");
    if (/^\s*(import|export)\s/m.test(code)) problems.push("out/preload/index.cjs is not CommonJS");
    for (const name of importedPackages(code)) {
      if (name !== "electron") problems.push(`the sandboxed preload requires ${name}; it may require only electron`);
    }
    if (!code.includes("exposeInMainWorld")) problems.push("the preload exposes no bridge");
  }

  const html = join(outDir, "renderer", "index.html");
  if (need(html)) {
    const page = readFileSync(html, "utf8");
    const csp = page.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)"/)?.[1];
    if (!csp) problems.push("the renderer page has no Content-Security-Policy meta tag");
    else if (!csp.includes("default-src 'none'") || !csp.includes("script-src 'self';") || csp.includes("unsafe")) {
      problems.push(`the renderer's CSP is not the strict production one: ${csp}`);
    }
    if (/<script(?![^>]*\bsrc=)[^>]*>/.test(page)) problems.push("the renderer page has an inline script");
    for (const match of page.matchAll(/\b(?:src|href)="([^"]+)"/g)) {
      const ref = match[1] ?? "";
      if (!ref.startsWith("./")) problems.push(`the renderer page names ${ref}; file:// needs a relative ./ path`);
      else need(join(outDir, "renderer", ref));
    }
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));
  const outDir = resolve(packageDir, process.argv[2] ?? "out");
  const problems = checkBundles(outDir);
  if (problems.length > 0) {
    for (const problem of problems) console.error(`✗ ${problem}`);
    process.exit(1);
  }
  console.log(`✓ desktop bundles in ${outDir}: main (ESM), preload (CommonJS), renderer (index.html)`);
}
