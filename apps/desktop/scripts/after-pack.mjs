/** electron-builder `afterPack` hook: the packed app has its copy; Node's build goes back for the server and tests. */
import { restoreNodeBuild } from "./native-sqlite.mjs";

export default async function afterPack() {
  restoreNodeBuild();
}
