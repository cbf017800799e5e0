#!/usr/bin/env -S node --max-semi-space-size=2
/**
 * (The shebang flags are SERVER_NODE_FLAGS of node-flags.mjs; a test keeps the two equal.)
 *
 * portfolio-server: migrate, create the owner on first start, then serve the API and the site.
 */
import { bootstrap } from "@portfolio/core/services";
import { createApp } from "./app.ts";
import { readConfig } from "./config.ts";
import { createCore } from "./create-core.ts";

const log = (line: string) => console.log(line);

async function main(): Promise<void> {
  const config = readConfig();
  const core = await createCore(config, log);
  const result = await bootstrap(core, config.owner);
  if (result.ownerCreated) {
    log(`Created the owner account "${config.owner.username}" (${config.owner.email}).`);
    // SECURITY 14: the one deliberate exception; printed once, never stored or logged again.
    if (result.generatedPassword)
      log(`Generated owner password (shown only once, change it after logging in): ${result.generatedPassword}`);
  }
  if (result.projectsSeeded) log("Added the 14 built-in projects.");

  const app = createApp({ core, config, log });
  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    log(`Listening on http://${config.host}:${port}`);
  });
  server.on("error", (error) => {
    console.error(`Cannot listen on ${config.host}:${config.port}: ${error.message}`);
    process.exit(1);
  });

  const stop = () => {
    server.close(() => {
      // Mail queued by the last requests (sign-up, forgot password) goes out before the database closes.
      void core.mailer
        .drain()
        .then(() => core.close())
        .then(() => process.exit(0));
    });
    server.closeAllConnections();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
