// The bench measures the production build, not a TS loader: build it once if
// dist/main.js is missing, and otherwise trust the build that is there.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const serverEntry = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

export function ensureBuild() {
  if (existsSync(serverEntry)) return;
  console.error("bench: apps/server/dist/main.js missing, running pnpm --filter @portfolio/server build");
  // Build output goes to stderr so stdout carries only the bench report.
  const result = spawnSync("pnpm", ["--filter", "@portfolio/server", "build"], {
    cwd: repoRoot,
    stdio: ["ignore", 2, 2],
  });
  if (result.error) throw new Error(`could not run pnpm: ${result.error.message}`);
  if (result.status !== 0 || !existsSync(serverEntry)) {
    throw new Error(`server build failed (exit ${result.status}); ${serverEntry} not produced`);
  }
}
