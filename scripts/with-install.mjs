// `npm run <script>` on a machine with only Node and npm: installs the dependencies when they are missing
// (as `npm start` does), then runs the command. `pnpm ...` runs the global pnpm where there is one, else
// pnpm 10 through npx, so no script of the README needs a global pnpm.
//   node scripts/with-install.mjs pnpm -r run build
//   node scripts/with-install.mjs node apps/server/bench/api-bench.mjs --db postgres
import { join } from "node:path";
import { ensureInstalled, pnpm, root, run } from "./workspace.mjs";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("Usage: node scripts/with-install.mjs <pnpm|node|bin> [args...]");
  process.exit(2);
}
ensureInstalled();
const [pnpmCommand, pnpmPrefix] = pnpm();
const status =
  command === "pnpm"
    ? run(pnpmCommand, [...pnpmPrefix, ...args])
    : run(command === "node" ? process.execPath : command, args, {
        // Local binaries (biome, vitest) as npm and pnpm scripts find them.
        env: { ...process.env, PATH: `${join(root, "node_modules", ".bin")}:${process.env.PATH}` },
      });
process.exit(status);
