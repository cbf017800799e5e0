/**
 * (Run by dist/main.js, src/launch/launcher.ts, which holds the shebang.)
 *
 * portfolio-server                      migrate, create the owner on first start, then serve the API and the site;
 * portfolio-server backup <file>        write a portable snapshot of the database named by DATABASE_URL;
 * portfolio-server restore <file> [--force]   load one into it (refused when it holds rows, unless --force);
 * portfolio-server audit-verify [--head <id>:<hash>]   check the audit log's hash chain (exit 1 on a break).
 */
import { BackupError } from "@portfolio/core/data";
import { bootstrap } from "@portfolio/core/services";
import { createApp } from "./app.ts";
import { runAuditVerify } from "./cli/audit-verify.ts";
import { runBackup } from "./cli/backup.ts";
import { runRestore } from "./cli/restore.ts";
import { readConfig } from "./config.ts";
import { createCore } from "./create-core.ts";
import { installDrain } from "./http/drain.ts";
import { scheduleHousekeeping } from "./http/housekeeping-schedule.ts";
import { installGracefulShutdown } from "./http/shutdown.ts";
import { createLogger, logLines } from "./observe/logger.ts";

/** The backup and restore commands talk to a person at a terminal: plain lines. */
const log = (line: string) => console.log(line);

const USAGE = "Usage: portfolio-server [backup <file> | restore <file> [--force] | audit-verify [--head <id>:<hash>]]";

async function serve(): Promise<void> {
  const config = readConfig();
  // The server's own lines and one line per request, as JSON or for a terminal (LOG_FORMAT).
  const logger = await createLogger(config.observe.logFormat);
  const log = logLines(logger);
  const core = await createCore(config, log);
  const result = await bootstrap(core, config.owner);
  if (result.ownerCreated) {
    log(`Created the owner account "${config.owner.username}" (${config.owner.email}).`);
    // docs/security.md, promise 14: the one deliberate exception; printed once, never stored or logged again.
    if (result.generatedPassword)
      log(`Generated owner password (shown only once, change it after logging in): ${result.generatedPassword}`);
  }
  if (result.projectsSeeded) log("Added the 14 built-in projects.");

  const app = createApp({ core, config, log, logger });
  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    log(`Listening on http://${config.host}:${port}`);
  });
  server.on("error", (error) => {
    logger.error(`Cannot listen on ${config.host}:${config.port}: ${error.message}`);
    process.exit(1);
  });

  // Expired sessions, tokens, Twitch states, rate-limit rows (and old audit entries) go a minute after
  // start, then hourly; one instance at a time across those sharing the database.
  const housekeeping = scheduleHousekeeping(core, log);

  // SIGTERM/SIGINT: drain (health 503, connections closed after each answer) for SHUTDOWN_DRAIN_MS, then stop
  // accepting, finish requests in flight and the work after their answers, send the mail they queued (sign-up,
  // forgot password), close the pool, exit 0 (within 10 s, or 1 if requests had to be cut).
  const drain = installDrain(server, { drainMs: config.shutdownDrainMs, log });
  installGracefulShutdown(
    server,
    async () => {
      housekeeping.stop();
      await core.close();
    },
    { log, beforeClose: drain.start },
  );
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === undefined) return serve();
  if (command === "backup" || command === "restore") {
    const force = rest.includes("--force");
    const files = rest.filter((arg) => arg !== "--force");
    const unknown = rest.filter((arg) => arg.startsWith("--") && arg !== "--force");
    if (files.length !== 1 || unknown.length > 0 || (command === "backup" && force)) throw new Error(USAGE);
    const file = files[0] as string;
    const { databaseUrl } = readConfig();
    if (command === "backup") await runBackup(databaseUrl, file, log);
    else await runRestore(databaseUrl, file, { force, log });
    return;
  }
  if (command === "audit-verify") {
    const headAt = rest.indexOf("--head");
    const head = headAt >= 0 ? rest[headAt + 1] : undefined;
    if (rest.length !== (headAt >= 0 ? 2 : 0) || (headAt >= 0 && head === undefined)) throw new Error(USAGE);
    const answer = await runAuditVerify(readConfig(), head, log);
    if (!answer.ok) process.exitCode = 1;
    return;
  }
  throw new Error(USAGE);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // A BackupError's message is written for the user (damaged file, non-empty database, ...); so are ours.
  console.error(error instanceof BackupError || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
