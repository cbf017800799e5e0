// The benches measure the production build, not a TS loader.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const serverEntry = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const serverDir = fileURLToPath(new URL("../", import.meta.url));

/** Rebuilds dist/main.js (esbuild, about a second) so a bench never measures a stale bundle. */
export function buildServer() {
  // Build output goes to stderr so stdout carries only the bench report.
  const result = spawnSync(process.execPath, ["build.mjs"], { cwd: serverDir, stdio: ["ignore", 2, 2] });
  if (result.error) throw new Error(`could not run the server build: ${result.error.message}`);
  if (result.status !== 0 || !existsSync(serverEntry)) {
    throw new Error(`server build failed (exit ${result.status}); ${serverEntry} not produced`);
  }
}

/** Builds dist/main.js once if it is missing, and otherwise trusts the build that is there. */
export function ensureBuild() {
  if (existsSync(serverEntry)) return;
  console.error("bench: apps/server/dist/main.js missing, building it");
  buildServer();
}
