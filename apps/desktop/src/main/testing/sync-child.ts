/**
 * The desktop main in a process of its own, for the crash test: opens the given userData folder, runs
 * one sync ('Sync now', as the renderer asks for it) and prints the state it ends in as one JSON line.
 * The test kills it with SIGKILL in the middle of a push and starts it again.
 *
 *   node --import tsx src/main/testing/sync-child.ts <userDataDir>
 *   env DESKTOP_TEST_KEYCHAIN_KEY: the fake keychain's key (hex), so the stored token can be read again.
 */
import { fakeAsyncSafeStorage } from "../../test/fake-safe-storage.ts";
import { createDesktopMain } from "../desktop-main.ts";
import { manualTimers, OWN_WINDOW, RENDERER_URL } from "./harness.ts";

const [userDataDir] = process.argv.slice(2);
const key = process.env.DESKTOP_TEST_KEYCHAIN_KEY;
if (!userDataDir || !key) {
  console.error("usage: DESKTOP_TEST_KEYCHAIN_KEY=<hex> sync-child.ts <userDataDir>");
  process.exit(2);
}

const main = await createDesktopMain({
  userDataDir,
  safeStorage: fakeAsyncSafeStorage({
    keychain: { key: Buffer.from(key, "hex"), rotateOnNextDecrypt: false, encryptCalls: 0 },
  }),
  rendererUrl: RENDERER_URL,
  // The one sync below is the only one: no schedule runs in this process.
  timers: manualTimers(),
  log: (line) => console.error(line),
});
const reply = await main.handleInvoke(OWN_WINDOW, { operation: "desktop.syncNow" });
process.stdout.write(`${JSON.stringify(reply)}\n`);
await main.close();
