/**
 * Runs the server bundle with a V8 code cache (docs/performance.md, "Start"): compiling the bundle and the
 * functions a start calls was a fifth of a start's CPU time, and Node 20 caches neither for an ES module. The
 * bundle is one function in a CommonJS file, compiled with `vm.Script`; its code cache sits beside it,
 * written once by a start that found none (or a useless one), read by every later start.
 *
 * The cache is never trusted blindly: V8 checks its own version and flags, but knows the source only by its
 * length, so the file opens with a SHA-256 of the source and of the Node version and architecture, and a file
 * whose digest differs is ignored (and replaced). Whoever can write the cache can write the bundle beside it.
 */
import { isAscii } from "node:buffer";
import { createHash } from "node:crypto";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

/** How the cache was found: used, missing, of another build (digest), or refused by V8. */
export type CacheState = "used" | "missing" | "stale" | "rejected";

export interface LoadedBundle {
  cache: CacheState;
  /** Writes the cache when this start found none it could use (a no-op otherwise, and after the first call). */
  saveCache: () => void;
}

type BundleBody = (require: NodeJS.Require, filename: string, dirname: string) => void;

/**
 * The bundle's `require`, which also stands for its `import()` (server-bundle.mjs): so it takes the file URLs
 * `import()` takes (the site's page renderer, an ES module, which Node 20 requires as well).
 */
function bundleRequire(bundleFile: string): NodeJS.Require {
  const require = createRequire(bundleFile);
  const load = (id: string) => require(id.startsWith("file:") ? fileURLToPath(id) : id);
  return Object.assign(load, require);
}

const DIGEST_BYTES = 32;

/** The SHA-256 of the bundle's bytes, as the build names it (server-bundle.mjs) and the cache's key starts from. */
function sha256Of(bytes: Buffer): Buffer {
  return createHash("sha256").update(bytes).digest();
}

/** The cache's key: the bundle's SHA-256 on this Node version and architecture. */
function digestOf(bundleSha256: Buffer): Buffer {
  return createHash("sha256").update(`${process.version}\0${process.arch}\0`).update(bundleSha256).digest();
}

/**
 * The bundle's text. esbuild writes it in ASCII, which reads as Latin-1 in a copy; `readFileSync(file, "utf8")`
 * took 50 to 150 ms for its 2.4 MB here, a tenth of a start. The build names the SHA-256 of the bundle it found
 * ASCII (`asciiSha256`): those very bytes are copied unchecked, since checking them again cost a start 10 to
 * 20 ms here (docs/performance.md, "Start"). Any other bundle is checked, and decoded as UTF-8 unless ASCII.
 */
function textOf(bytes: Buffer, sha256: Buffer, asciiSha256: string | undefined): string {
  if (asciiSha256 !== undefined && sha256.toString("hex") === asciiSha256) return bytes.toString("latin1");
  return isAscii(bytes) ? bytes.toString("latin1") : bytes.toString("utf8");
}

function readCache(cacheFile: string, digest: Buffer): { data?: Buffer; state: CacheState } {
  let file: Buffer;
  try {
    file = readFileSync(cacheFile);
  } catch {
    return { state: "missing" };
  }
  if (file.length <= DIGEST_BYTES || !file.subarray(0, DIGEST_BYTES).equals(digest)) return { state: "stale" };
  return { data: file.subarray(DIGEST_BYTES), state: "used" };
}

/**
 * Runs `bundleFile` as a CommonJS module instead, without a code cache: with source maps on (`pnpm start`),
 * whose stack traces then name the TypeScript sources, which Node 20 does for modules but not for `vm.Script`.
 */
export function requireBundle(bundleFile: string): void {
  const require = bundleRequire(bundleFile);
  (require(bundleFile) as BundleBody)(require, bundleFile, dirname(bundleFile));
}

/**
 * Compiles and runs `bundleFile` (whose completion value is a function taking `require`, `__filename` and
 * `__dirname`),
 * with the code cache in `cacheFile` when it belongs to exactly this source on this Node. `asciiSha256`: the
 * SHA-256 (hex) of the bundle as the build wrote it, when the build found it ASCII.
 */
export function runBundle(bundleFile: string, cacheFile: string, asciiSha256?: string): LoadedBundle {
  const bytes = readFileSync(bundleFile);
  const sha256 = sha256Of(bytes);
  const source = textOf(bytes, sha256, asciiSha256);
  const digest = digestOf(sha256);
  const found = readCache(cacheFile, digest);
  const script = new vm.Script(source, {
    filename: bundleFile,
    ...(found.data ? { cachedData: found.data } : {}),
  });
  const cache: CacheState = found.data && script.cachedDataRejected ? "rejected" : found.state;
  const body = script.runInThisContext() as BundleBody;
  let saved = cache === "used";
  body(bundleRequire(bundleFile), bundleFile, dirname(bundleFile));
  return {
    cache,
    saveCache: () => {
      if (saved) return;
      saved = true;
      // Made after the start ran, the cache holds the functions it compiled too, not only the top level.
      const data = script.createCachedData();
      // Written aside and renamed, so an instance starting meanwhile reads a whole file or none.
      const partial = `${cacheFile}.${process.pid}.tmp`;
      try {
        writeFileSync(partial, Buffer.concat([digest, data]));
        renameSync(partial, cacheFile);
      } catch {
        // A read-only install starts without the cache, as fast as before it existed: nothing to report.
        rmSync(partial, { force: true });
      }
    },
  };
}
