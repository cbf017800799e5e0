#!/usr/bin/env node
/**
 * `pnpm desktop` needs the Electron binary, which the workspace does not download at install (Electron's
 * postinstall is off on purpose). Say so plainly instead of electron-vite's "Electron uninstall".
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const electronDir = dirname(createRequire(import.meta.url).resolve("electron/package.json"));
const pathFile = join(electronDir, "path.txt");
const binary = existsSync(pathFile) ? join(electronDir, "dist", readFileSync(pathFile, "utf8")) : undefined;
if (!binary || !existsSync(binary)) {
  console.error("The Electron binary is not installed yet: run `pnpm desktop:setup` once (it downloads Electron).");
  process.exit(1);
}
