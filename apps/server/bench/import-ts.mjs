// Imports one of the benches' TypeScript modules from a plain `node` run: esbuild bundles it with the project's
// own packages inside and npm packages left external, into ../dist/<outName>.
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

export async function importTs(entry, outName) {
  const outfile = fileURLToPath(new URL(`../dist/${outName}`, import.meta.url));
  await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    outfile,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
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
  return import(pathToFileURL(outfile).href);
}
