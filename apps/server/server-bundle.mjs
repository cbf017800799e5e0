// How the server is bundled: src/main.ts and the workspace packages it imports into one ESM file; npm
// dependencies stay external and load from node_modules at run time. Used by build.mjs (dist/main.js), by
// the scale tests (a bundle of their own beside it) and, for their TypeScript modules, by the benches.
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const entry = fileURLToPath(new URL("./src/main.ts", import.meta.url));

/** @param {{ outfile: string, sourcemap?: boolean }} options */
export function bundleServer({ outfile, sourcemap = false }) {
  return bundleForNode({ entry, outfile, sourcemap });
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
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    sourcemap,
    logLevel: "warning",
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
