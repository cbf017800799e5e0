// Helpers shared by the root scripts: run a command, make sure dependencies are installed, and tell
// whether a build output is older than its sources.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function mustRun(command, args, options = {}) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n"${command} ${args.join(" ")}" failed with exit code ${status}.`);
    process.exit(status);
  }
}

/** pnpm if it is on the PATH, else npx fetches pnpm 10 from the npm registry (a fresh machine has only npm). */
export function pnpm() {
  const probe = spawnSync("pnpm", ["--version"], { stdio: "ignore" });
  return probe.status === 0 ? ["pnpm", []] : ["npx", ["--yes", "pnpm@10"]];
}

export function runPnpm(args) {
  const [command, prefix] = pnpm();
  mustRun(command, [...prefix, ...args]);
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureInstalled() {
  const marker = join(root, "node_modules", ".modules.yaml");
  const lock = join(root, "pnpm-lock.yaml");
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log("Installing dependencies (first run takes a couple of minutes)...");
  runPnpm(["install", ...(process.env.CI ? ["--frozen-lockfile"] : [])]);
}

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.parentPath.includes("node_modules") || entry.parentPath.includes(`${"/"}dist`))
      continue;
    newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** True when the output is missing or any file under the source folders changed after it was built. */
export function isStale(output, sourceDirs) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sourceDirs.some((dir) => newestMtime(join(root, dir)) > built);
}
