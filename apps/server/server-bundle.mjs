// How the server is bundled: src/main.ts, the workspace packages and the npm packages every start needs into
// one file. Resolving and reading several hundred files of node_modules was most of the start
// (docs/performance.md, "Start"); one file halves it. What stays external loads from node_modules at run
// time: the native SQLite binding, and the packages only some requests or settings need, each imported
// where it is first used (a test holds the list). That file is a CommonJS function body, run by a small
// launcher (the given outfile, src/launch/launcher.ts) through `vm.Script` with a V8 code cache, which Node 20
// has no way to keep for an ES module. Used by build.mjs (dist/main.js), by the scale tests (a bundle of their
// own beside it) and, for their TypeScript modules, by the benches (which keep npm packages external).
import { isAscii } from "node:buffer";
import { createHash } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const entry = fileURLToPath(new URL("./src/main.ts", import.meta.url));
const launcher = fileURLToPath(new URL("./src/launch/launcher.ts", import.meta.url));

/** npm packages the server bundle leaves in node_modules: native, or loaded only when first used. */
export const SERVER_EXTERNAL = [
  "better-sqlite3",
  "pg",
  "nodemailer",
  "@simplewebauthn/server",
  "sharp",
  "prom-client",
  "pino-pretty",
];

/** What every server bundle shares: one ESM file for Node 20. */
function nodeBundle({ entry: entryPoint, outfile, sourcemap }) {
  return {
    entryPoints: [entryPoint],
    outfile,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    sourcemap,
    logLevel: "warning",
  };
}

/**
 * The files a server bundle written to `outfile` consists of: the launcher (`outfile`), the bundle it runs,
 * its source map and the code cache a first start writes beside it.
 * @param {string} outfile
 */
export function serverBundleFiles(outfile) {
  const body = join(dirname(outfile), `${basename(outfile).replace(/\.m?js$/, "")}.body.cjs`);
  // A launcher named .js is CommonJS by the package.json written beside it (bundleServer).
  const scope = outfile.endsWith(".js") ? [join(dirname(outfile), "package.json")] : [];
  return {
    launcher: outfile,
    body,
    all: [outfile, `${outfile}.map`, body, `${body}.map`, `${body}.v8-cache`, ...scope],
  };
}

/**
 * Writes the launcher to `outfile` and the bundle beside it (serverBundleFiles); resolves to the bundle's
 * build result, whose metafile says what it imports.
 * @param {{ outfile: string, sourcemap?: boolean }} options
 */
export async function bundleServer({ outfile, sourcemap = false }) {
  const { body } = serverBundleFiles(outfile);
  // A code cache beside it belongs to the bundle this replaces (a start would find it stale and rewrite it),
  // and the launcher has no source map (an earlier single-file bundle's would mislead).
  await Promise.all([rm(`${body}.v8-cache`, { force: true }), rm(`${outfile}.map`, { force: true })]);
  const result = await build({
    ...nodeBundle({ entry, outfile: body, sourcemap }),
    format: "cjs",
    // Every `import()` written as `require()` (code-cache.ts passes one that takes file URLs too): Node 20
    // forgets a `vm.Script`'s dynamic-import callback when the script comes from a code cache.
    supported: { "dynamic-import": false },
    external: SERVER_EXTERNAL,
    // A start reads and compiles the whole file (docs/performance.md, "Start"): without its whitespace and
    // with shorter syntax it is a third smaller, while every name (a stack trace's) stays the source's.
    minifyWhitespace: true,
    minifySyntax: true,
    // What it imports, for the test that holds its static imports to the list above.
    metafile: true,
    // One function (code-cache.ts calls it with these), the completion value of the script and, should the
    // file be required as CommonJS (with source maps on, where `vm.Script` has none), its exports.
    // `import.meta.url`, which CommonJS lacks, is the bundle's own address, as when it was an ES module.
    define: { "import.meta.url": "__bundleUrl" },
    banner: {
      js: '(typeof module === "object" ? module : {}).exports = function (require, __filename, __dirname) {"use strict";\nconst __bundleUrl = require("node:url").pathToFileURL(__filename).href;',
    },
    footer: { js: "};" },
  });
  // The launcher copies the bytes it is told are ASCII without checking them again (code-cache.ts): named by
  // their SHA-256, so a bundle changed after the build is checked as before.
  const bytes = await readFile(body);
  const asciiSha256 = isAscii(bytes) ? createHash("sha256").update(bytes).digest("hex") : "";
  // The launcher is CommonJS (an .mjs one, as tests name theirs, stays an ES module): Node sets up its ES
  // module loader for an ES module entry, a start's 10 to 20 ms of CPU here (docs/performance.md, "Start").
  // dist/ sits in a package of "type": "module", so a package.json beside a .js launcher says what it is.
  const commonJs = !outfile.endsWith(".mjs");
  if (outfile.endsWith(".js")) {
    await writeFile(join(dirname(outfile), "package.json"), `${JSON.stringify({ type: "commonjs" })}\n`);
  }
  const define = {
    SERVER_BODY_FILE: JSON.stringify(`./${basename(body)}`),
    SERVER_BODY_ASCII_SHA256: JSON.stringify(asciiSha256),
  };
  await build({
    ...nodeBundle({ entry: launcher, outfile, sourcemap: false }),
    ...(commonJs
      ? {
          format: "cjs",
          define: { ...define, "import.meta.url": "__launcherUrl" },
          banner: { js: 'const __launcherUrl = require("node:url").pathToFileURL(__filename).href;' },
        }
      : { define }),
  });
  return result;
}

/**
 * Small pure-JavaScript packages that only core depends on, bundled in: at run time the server resolves npm
 * packages from its own node_modules, which holds only what apps/server lists.
 */
const BUNDLED_NPM = new Set(["isbot"]);

/**
 * Any entry bundled as the server is: the project's own packages inside (and BUNDLED_NPM), npm packages left external.
 * @param {{ entry: string, outfile: string, sourcemap?: boolean }} options
 */
export function bundleForNode({ entry, outfile, sourcemap = false }) {
  return build({
    ...nodeBundle({ entry, outfile, sourcemap }),
    plugins: [
      {
        name: "external-npm",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("@portfolio/") || BUNDLED_NPM.has(args.path)
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}
