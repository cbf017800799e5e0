// Bundles the server (and the workspace packages it imports) into dist/main.js; npm dependencies stay
// external and are loaded from node_modules at run time.
import { build } from "esbuild";

await build({
  entryPoints: ["src/main.ts"],
  outfile: "dist/main.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  logLevel: "warning",
  plugins: [
    {
      name: "external-npm",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@portfolio/") ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
