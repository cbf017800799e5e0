import type { FullConfig } from "@playwright/test";
import { startRealServer } from "../scripts/testing/real-server.mjs";

/**
 * Starts the real server once for the run; tests read where it is from the environment (workers inherit
 * it). E2E_BASE_URL set beforehand points the tests at an already running server instead.
 */
export default async function globalSetup(_config: FullConfig): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) return undefined;
  const server = await startRealServer({
    log: (line) => {
      if (process.env.E2E_SERVER_LOG) console.log(`[server] ${line}`);
    },
  });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_OUTBOX_DIR = server.outboxDir;
  return async () => {
    await server.stop();
  };
}
