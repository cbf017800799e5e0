// `pnpm backup <file>` / `pnpm restore <file> [--force]` (and the npm equivalents): install and build the
// server when missing or stale, as `pnpm start` does, then run `portfolio-server backup|restore`. DATABASE_URL
// chooses the database (the embedded SQLite default when unset); a relative <file> is taken from the folder
// the command was typed in.
import { isAbsolute, join, resolve } from "node:path";
import { SERVER_NODE_FLAGS } from "../apps/server/node-flags.mjs";
import { ensureInstalled, isStale, root, run, runPnpm } from "./workspace.mjs";

const [command, ...args] = process.argv.slice(2);
// `pnpm audit:verify [--head <id>:<hash>]`: no file to resolve.
const verifying = command === "audit-verify";
if (
  !verifying &&
  ((command !== "backup" && command !== "restore") || args.filter((a) => !a.startsWith("--")).length !== 1)
) {
  console.error(`Usage: pnpm ${command === "restore" ? "restore <file> [--force]" : `${command ?? "backup"} <file>`}`);
  process.exit(1);
}
// npm and pnpm run scripts from the repository root and say where they were called from in INIT_CWD.
const here = process.env.INIT_CWD || process.cwd();
const resolved = verifying ? args : args.map((a) => (a.startsWith("--") || isAbsolute(a) ? a : resolve(here, a)));

ensureInstalled();
const serverBuild = join(root, "apps/server/dist/main.js");
if (isStale(serverBuild, ["apps/server/src", "packages/core/src"])) runPnpm(["--filter", "@portfolio/server", "build"]);
process.exit(
  run(process.execPath, [...SERVER_NODE_FLAGS, "--enable-source-maps", serverBuild, command, ...resolved], {
    env: process.env,
  }),
);
