#!/usr/bin/env node
/**
 * `pnpm desktop:dist`: build the bundles, then package with electron-builder (extra arguments are passed
 * on, e.g. `pnpm desktop:dist --linux AppImage`). Needs internet: electron-builder downloads Electron
 * and @electron/rebuild its headers. Whatever happens, Node's better-sqlite3 build is put back.
 */
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { restoreNodeBuild } from "./native-sqlite.mjs";

const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));
const bin = (name) => join(packageDir, "node_modules", ".bin", process.platform === "win32" ? `${name}.cmd` : name);
const run = (command, args) =>
  spawnSync(command, args, { cwd: packageDir, stdio: "inherit", shell: process.platform === "win32" }).status ?? 1;

let status = run(bin("electron-vite"), ["build"]);
if (status === 0) {
  try {
    status = run(bin("electron-builder"), ["--config", "electron-builder.yml", ...process.argv.slice(2)]);
  } finally {
    restoreNodeBuild();
  }
}
process.exit(status);
