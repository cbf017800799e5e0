// Imports one of the benches' TypeScript modules from a plain `node` run: bundled as the server is (the
// project's own packages inside, npm packages external), into ../dist/<outName>.
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleForNode } from "../server-bundle.mjs";

export async function importTs(entry, outName) {
  const outfile = fileURLToPath(new URL(`../dist/${outName}`, import.meta.url));
  await bundleForNode({ entry: fileURLToPath(new URL(entry, import.meta.url)), outfile });
  return import(pathToFileURL(outfile).href);
}
