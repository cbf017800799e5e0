import type { FullConfig } from "@playwright/test";
import { startRealServer } from "../scripts/testing/real-server.mjs";
import { startToolFakes } from "./fakes/tool-fakes.ts";

/**
 * Starts the real server once for the run; tests read where it is from the environment (workers inherit
 * it). E2E_BASE_URL set beforehand points the tests at an already running server instead.
 * The visitor tools' upstreams (fake YouTube Data API, fake cat API) start first, so the server's
 * environment can point at them.
 */
export default async function globalSetup(_config: FullConfig): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) return undefined;
  const fakes = await startToolFakes();
  const server = await startRealServer({
    env: fakes.env,
    log: (line) => {
      if (process.env.E2E_SERVER_LOG) console.log(`[server] ${line}`);
    },
  }).catch(async (error: unknown) => {
    await fakes.stop();
    throw error;
  });
  fakes.siteStarted(server.baseUrl);
  process.env.E2E_BASE_URL = server.baseUrl;
  return async () => {
    await server.stop();
    await fakes.stop();
  };
}
