/**
 * (Run by dist/main.js, src/launch/launcher.ts, which holds the shebang.)
 *
 * portfolio-server                      migrate, create the owner on first start, then serve the API and the site;
 * portfolio-server backup <file>        write a portable snapshot of the database named by DATABASE_URL;
 * portfolio-server restore <file> [--force]   load one into it (refused when it holds rows, unless --force);
 * portfolio-server audit-verify [--head <id>:<hash>]   check the audit log's hash chain (exit 1 on a break).
 */
import { createServer, type RequestListener } from "node:http";
import { BackupError } from "@portfolio/core/data/backup-error";
import { seedOnce } from "@portfolio/core/services/seed-once";
import { readConfig } from "./config.ts";
import { createCore } from "./create-core.ts";
import { installDrain } from "./http/drain.ts";
import { scheduleHousekeeping } from "./http/housekeeping-schedule.ts";
import { publicReadsSetup } from "./http/public-reads/public-reads-setup.ts";
import { installGracefulShutdown } from "./http/shutdown.ts";
import { startupWork } from "./http/startup-gate.ts";
import { createLogger, logLines } from "./observe/logger.ts";

/** The backup and restore commands talk to a person at a terminal: plain lines. */
const log = (line: string) => console.log(line);

/** How long after listening a first start creates the owner, unless a request needs it sooner. */
const OWNER_AFTER_LISTEN_MS = 1000;

/**
 * How long after listening a start builds Express and the routes, unless a request needs them sooner: long
 * enough that the first public reads (a balancer's, a page's) are answered without waiting behind the build.
 */
const APP_AFTER_LISTEN_MS = 500;

const USAGE = "Usage: portfolio-server [backup <file> | restore <file> [--force] | audit-verify [--head <id>:<hash>]]";

async function serve(): Promise<void> {
  const config = readConfig();
  // The server's own lines and one line per request, as JSON or for a terminal (LOG_FORMAT).
  const logger = await createLogger(config.observe.logFormat);
  const log = logLines(logger);
  const core = await createCore(config, log);
  // The roles and built-in projects before listening (the first public read shows them), the owner after:
  // its bcrypt waits for the first request past the fast paths, or a second (http/startup-gate.ts).
  const { projectsSeeded } = await seedOnce(core);
  if (projectsSeeded) log("Added the 14 built-in projects.");
  const owner = startupWork(async () => {
    // Imported here, after listening: the owner's creation brings the audit chain and bcrypt with it.
    const { createOwnerOnce } = await import("@portfolio/core/services/bootstrap");
    const result = await createOwnerOnce(core, config.owner);
    if (!result.ownerCreated) return;
    log(`Created the owner account "${config.owner.username}" (${config.owner.email}).`);
    // docs/security.md, promise 14: the one deliberate exception; printed once, never stored or logged again.
    if (result.generatedPassword)
      log(`Generated owner password (shown only once, change it after logging in): ${result.generatedPassword}`);
  });
  // A start that cannot create the owner stops, as it did when this ran before listening.
  const ready = () =>
    owner.ready().catch((error: unknown) => {
      logger.error(`Cannot create the owner account: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });

  // docs/performance.md, "Start": the public reads are answered from the moment the port opens; Express, its
  // body parsers and the route modules (a third of the bundle's top level) are loaded and built after
  // listening, once. Every other request waits for them, then goes through the app as any later request does.
  const reads = publicReadsSetup({ core, config, logger });
  let appHandler: RequestListener | undefined;
  const app = startupWork(async () => {
    const { createApp } = await import("./app.ts");
    appHandler = createApp({ core, config, log, logger, ready, publicReads: reads });
  });
  const appReady = () =>
    app.ready().catch((error: unknown) => {
      logger.error(`Cannot build the app: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
  const server = createServer((req, res) => {
    if (appHandler) return appHandler(req, res);
    reads.fastPath(req, res, () => {
      appReady().then(() => appHandler?.(req, res));
    });
  });
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    log(`Listening on http://${config.host}:${port}`);
  });
  const appSoon = setTimeout(appReady, APP_AFTER_LISTEN_MS);
  const ownerSoon = setTimeout(ready, OWNER_AFTER_LISTEN_MS);
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
      // Begun, the owner is finished before the pool closes; not begun, it is the next start's to create.
      clearTimeout(ownerSoon);
      clearTimeout(appSoon);
      await owner.settled();
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
    // Each command is imported when it is the one asked for: a server's start never runs their modules.
    if (command === "backup") await (await import("./cli/backup.ts")).runBackup(databaseUrl, file, log);
    else await (await import("./cli/restore.ts")).runRestore(databaseUrl, file, { force, log });
    return;
  }
  if (command === "audit-verify") {
    const headAt = rest.indexOf("--head");
    const head = headAt >= 0 ? rest[headAt + 1] : undefined;
    if (rest.length !== (headAt >= 0 ? 2 : 0) || (headAt >= 0 && head === undefined)) throw new Error(USAGE);
    const { runAuditVerify } = await import("./cli/audit-verify.ts");
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
