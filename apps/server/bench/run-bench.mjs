/** Runs a bench's main(), then cleans up: exit 0 after a measurement, 1 when it could not measure. */
import { cleanupAll, isStopping } from "./cleanup.mjs";
import { ServerStartError } from "./spawn-server.mjs";

export async function runBench(main) {
  try {
    await main();
    await cleanupAll();
    // A measurement: missed goals are reported, not turned into a failing exit.
    process.exit(0);
  } catch (error) {
    // Interrupted: the signal handler is already cleaning up and will exit 130.
    if (isStopping()) await new Promise(() => {});
    console.error(error instanceof ServerStartError ? `bench: server failed to start: ${error.message}` : error);
    await cleanupAll(500);
    process.exit(1);
  }
}
