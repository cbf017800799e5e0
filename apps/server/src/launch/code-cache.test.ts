import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, expect, it } from "vitest";
import { requireBundle, runBundle } from "./code-cache.ts";

let dir: string;
let bundle: string;
let cache: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "portfolio-code-cache-"));
  bundle = join(dir, "main.body.cjs");
  cache = `${bundle}.v8-cache`;
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  delete (globalThis as { ran?: unknown }).ran;
});

/** A bundle shaped as server-bundle.mjs writes it: its completion value (and CommonJS exports) is one function. */
function writeBundle(value: string): void {
  writeFileSync(
    bundle,
    `(typeof module === "object" ? module : {}).exports = function (require, __filename, __dirname) {
  "use strict";
  globalThis.ran = { value: ${value}, filename: __filename, path: require("node:path").sep };
};`,
  );
}

const ran = () => (globalThis as { ran?: { value: unknown; filename: string } }).ran;

it("runs the bundle, and a start that found no cache writes one that the next start uses", () => {
  writeBundle("1");
  const first = runBundle(bundle, cache);
  expect(first.cache).toBe("missing");
  expect(ran()).toEqual({ value: 1, filename: bundle, path: "/" });
  first.saveCache();
  const second = runBundle(bundle, cache);
  expect(second.cache).toBe("used");
  expect(ran()?.value).toBe(1);
});

it("ignores a cache written for another bundle of the same length, and replaces it", () => {
  // V8 knows the source only by its length: this cache would pass its own check.
  writeBundle("1");
  runBundle(bundle, cache).saveCache();
  writeBundle("2");
  const changed = runBundle(bundle, cache);
  expect(changed.cache).toBe("stale");
  expect(ran()?.value).toBe(2);
  changed.saveCache();
  expect(runBundle(bundle, cache).cache).toBe("used");
});

it("ignores a damaged cache file", () => {
  writeBundle("3");
  runBundle(bundle, cache).saveCache();
  const whole = readFileSync(cache);
  writeFileSync(cache, whole.subarray(0, 16));
  const loaded = runBundle(bundle, cache);
  expect(loaded.cache).toBe("stale");
  expect(ran()?.value).toBe(3);
});

it("reads a bundle that is not ASCII as UTF-8", () => {
  writeBundle('"déjà vu …"');
  runBundle(bundle, cache);
  expect(ran()?.value).toBe("déjà vu …");
});

const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

it("copies the bundle the build named ASCII by its SHA-256 as Latin-1, without checking it again", () => {
  // Named so wrongly on purpose: the UTF-8 bytes then read as Latin-1 show that nobody checked them.
  writeBundle('"déjà"');
  runBundle(bundle, cache, sha256(bundle));
  expect(ran()?.value).toBe(Buffer.from("déjà").toString("latin1"));
});

it("checks a bundle that is not the one the build named ASCII, and reads it as UTF-8", () => {
  writeBundle('"déjà"');
  const named = sha256(bundle);
  writeBundle('"déjà vu …"');
  runBundle(bundle, cache, named);
  expect(ran()?.value).toBe("déjà vu …");
});

it("hands the bundle a require that takes the file URLs its import() took", () => {
  const esm = join(dir, "renderer.mjs");
  writeFileSync(esm, "export const answer = 42;");
  writeFileSync(
    bundle,
    `(typeof module === "object" ? module : {}).exports = function (require) {
  globalThis.ran = { value: require(${JSON.stringify(pathToFileURL(esm).href)}).answer };
};`,
  );
  runBundle(bundle, cache);
  expect(ran()?.value).toBe(42);
});

it("runs the bundle as a CommonJS module where source maps are on", () => {
  writeBundle("4");
  requireBundle(bundle);
  expect(ran()).toEqual({ value: 4, filename: bundle, path: "/" });
});
