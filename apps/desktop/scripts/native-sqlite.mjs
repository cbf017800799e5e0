/**
 * better-sqlite3 is the app's one native module. Packaging rebuilds it for Electron's ABI with
 * @electron/rebuild (electron-builder's own rebuild is off: `npmRebuild: false`). pnpm keeps one copy
 * of a package in its store, shared with the server and the tests that need Node's ABI, so Node's build
 * is set aside before the rebuild and put back after packing; the dev machine keeps working.
 */
import { copyFileSync, existsSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));
const BACKUP_SUFFIX = ".node-abi";

export function sqliteBinaryPath() {
  return join(dirname(require.resolve("better-sqlite3/package.json")), "build", "Release", "better_sqlite3.node");
}

/** Keeps Node's build aside (once: a second call must not save an Electron build over it). */
export function setAsideNodeBuild(binary = sqliteBinaryPath()) {
  if (existsSync(binary) && !existsSync(binary + BACKUP_SUFFIX)) copyFileSync(binary, binary + BACKUP_SUFFIX);
}

/** Puts Node's build back, if one was set aside; answers whether it did. */
export function restoreNodeBuild(binary = sqliteBinaryPath()) {
  if (!existsSync(binary + BACKUP_SUFFIX)) return false;
  copyFileSync(binary + BACKUP_SUFFIX, binary);
  rmSync(binary + BACKUP_SUFFIX);
  return true;
}

/** Rebuilds better-sqlite3 (only it) for the installed Electron version and the target arch. */
export async function rebuildSqliteForElectron(arch) {
  setAsideNodeBuild();
  const { rebuild } = await import("@electron/rebuild");
  const electronVersion = require("electron/package.json").version;
  await rebuild({ buildPath: packageDir, electronVersion, arch, onlyModules: ["better-sqlite3"], force: true });
}
