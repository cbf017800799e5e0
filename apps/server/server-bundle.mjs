// How the server is bundled: src/main.ts, the workspace packages and the npm packages every start needs into
// one ESM file. Resolving and reading several hundred files of node_modules was most of the start
// (docs/performance.md, "Start"); one file halves it. What stays external loads from node_modules at run
// time: the native SQLite binding, and the packages only some requests or settings need, each imported
// where it is first used (a test holds the list). Used by build.mjs (dist/main.js), by the scale tests (a
// bundle of their own beside it) and, for their TypeScript modules, by the benches (which keep npm packages
// external).
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const entry = fileURLToPath(new URL("./src/main.ts", import.meta.url));

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

/** @param {{ outfile: string, sourcemap?: boolean }} options */
export function bundleServer({ outfile, sourcemap = false }) {
  return build({
    ...nodeBundle({ entry, outfile, sourcemap }),
    external: SERVER_EXTERNAL,
    // A start reads and compiles the whole file (docs/performance.md, "Start"): without its whitespace and
    // with shorter syntax it is a third smaller, while every name (a stack trace's) stays the source's.
    minifyWhitespace: true,
    minifySyntax: true,
    // What it imports, for the test that holds its static imports to the list above.
    metafile: true,
    // The CommonJS packages inside call require(); an ES module has none of its own.
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module";\nconst require = __createRequire(import.meta.url);',
    },
  });
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
