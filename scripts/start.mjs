// `pnpm start` / `npm start`: install and build what is missing or stale, then run the server with the
// embedded SQLite default on http://localhost:3000 (the site and the API).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { SERVER_NODE_FLAGS } from "../apps/server/node-flags.mjs";
import { ensureInstalled, isStale, root, run, runPnpm } from "./workspace.mjs";

ensureInstalled();
const serverBuild = join(root, "apps/server/dist/main.js");
if (isStale(serverBuild, ["apps/server/src", "packages/core/src"])) runPnpm(["--filter", "@portfolio/server", "build"]);
const siteBuild = join(root, "apps/site/dist/index.html");
if (
  existsSync(join(root, "apps/site/src")) &&
  isStale(siteBuild, ["apps/site/src", "packages/ui/src", "packages/core/src/domain"])
) {
  runPnpm(["--filter", "@portfolio/site", "build"]);
}
process.exit(run(process.execPath, [...SERVER_NODE_FLAGS, "--enable-source-maps", serverBuild], { env: process.env }));
