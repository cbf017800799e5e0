// `pnpm lint`: Biome (formatting and lint rules) and the import rules of .dependency-cruiser.cjs over
// packages/ and apps/ (no circles, packages never import apps, product code never imports test code, no app
// imports another's files). Both always run, so one failure does not hide the other; the exit status is
// non-zero when either found something. The cruiser caches its reading under node_modules/.cache.
import { join } from "node:path";
import { ensureInstalled, root, run } from "./workspace.mjs";

ensureInstalled();
const bin = (name) => join(root, "node_modules", ".bin", name);
const biome = run(bin("biome"), ["check", "."]);
const imports = run(bin("depcruise"), ["packages", "apps", "--config", ".dependency-cruiser.cjs"]);
process.exit(biome || imports);
