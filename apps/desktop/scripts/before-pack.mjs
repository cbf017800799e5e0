/** electron-builder `beforePack` hook: better-sqlite3 rebuilt for Electron and the arch being packed. */
import { Arch } from "electron-builder";
import { rebuildSqliteForElectron } from "./native-sqlite.mjs";

export default async function beforePack(context) {
  await rebuildSqliteForElectron(Arch[context.arch]);
}
