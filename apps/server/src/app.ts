/** Builds the Express 5 application: security middleware, the API routers and the static site. */

import type { IncomingMessage, ServerResponse } from "node:http";
import { operations } from "@portfolio/core/domain";
import express, { type Express } from "express";
import type { AppContext } from "./app-context.ts";
import type { ServerConfig } from "./config.ts";
import type { ServerCore } from "./create-core.ts";
import { CAT_PICTURES } from "./create-tools.ts";
import { catFallbackHandler } from "./http/cat-fallback.ts";
import { catImageHandler } from "./http/cat-image.ts";
import { apiNotFound, errorHandler } from "./http/errors.ts";
import { loginRedirect } from "./http/login-redirect.ts";
import { mediaHandler } from "./http/media-endpoint.ts";
import { expressPath, operationRouter } from "./http/mount-operations.ts";
import { operationHooks } from "./http/operation-hooks.ts";
import { originCheck } from "./http/origin-check.ts";
import { projectPages } from "./http/project-pages.ts";
import { publicReadHandler } from "./http/public-reads/public-reads.ts";
import { type PublicReadsSetup, publicReadsSetup } from "./http/public-reads/public-reads-setup.ts";
import { createRateLimits, DEFAULT_RATE_LIMITS, type RateLimitSettings } from "./http/rate-limits.ts";
import type { RawHandler } from "./http/raw-handler.ts";
import { appSecurityHeaders } from "./http/security-headers.ts";
import { securityHeaders } from "./http/security-headers-middleware.ts";
import { actorOf } from "./http/session-cookie.ts";
import { startupGate } from "./http/startup-gate.ts";
import { staticSite } from "./http/static-site.ts";
import { utf8JsonOnly } from "./http/utf8-json.ts";
import { visitFastPath } from "./http/visit-fast-path.ts";
import { type Logger, logLines, silentLogger } from "./observe/logger.ts";
import { METRICS_PATH, metricsEndpoint } from "./observe/metrics-endpoint.ts";
import { requestLog } from "./observe/request-log.ts";
import { syncPushIntake } from "./sync/push-intake.ts";

export interface AppOptions {
  core: ServerCore;
  config: ServerConfig;
  log?: (line: string) => void;
  /** Where each request's line goes (observe/request-log.ts); `log` writes through it unless given too. */
  logger?: Logger;
  rateLimits?: Partial<RateLimitSettings>;
  /** What the start left until after listening (http/startup-gate.ts): every request past the fast paths waits. */
  ready?: () => Promise<void>;
  /**
   * The public reads as a start made them before listening (main.ts): the app answers from their cache and
   * fast path. Made here when not given.
   */
  publicReads?: PublicReadsSetup;
}

export const BODY_LIMIT = "100kb";

export function createApp(options: AppOptions): Express {
  const { core, config } = options;
  const logger = options.logger ?? silentLogger();
  const log = options.log ?? (options.logger ? logLines(options.logger) : (line: string) => console.log(line));
  const site = staticSite(config.siteDir, log);

  const app = express();
  app.set("trust proxy", config.trustProxy);
  app.set("etag", false);
  app.disable("x-powered-by");
  // One set of security headers for the full path and both fast paths, which answer API data (security-headers.ts).
  const security = appSecurityHeaders(config, site.inlineScriptHashes);
  const reads = options.publicReads ?? publicReadsSetup({ core, config, logger });
  const context: AppContext = {
    ...reads.context,
    log,
    // Counted in the database on the core's clock (a test's controllable one), shared by every instance.
    rateLimits: createRateLimits(
      { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
      {
        db: core.db,
        now: () => core.now().getTime(),
        inFlight: core.inFlight,
        onRefused: core.metrics?.rateLimited,
        signedInUser: async (req) => {
          const actor = await actorOf(core, req);
          return actor.kind === "user" ? actor.id : undefined;
        },
      },
    ),
  };
  answerFirst(app, visitFastPath(context, security.api));
  // Every request the fast path passes on gets an id, a line and a count.
  answerFirst(app, requestLog({ logger, metrics: core.metrics, trustProxy: config.trustProxy }));
  // Wrapped last, so it runs first: a plain anonymous GET of a public read is answered before anything else.
  answerFirst(app, reads.fastPath);
  if (options.ready) app.use(startupGate(options.ready));
  app.use(securityHeaders(security));

  // CSRF check for writes, CORS headers for allow-listed origins.
  const sameOrigin = originCheck(config.publicUrl, config.corsOrigins);
  const api = express.Router();
  api.use(sameOrigin);
  api.use(utf8JsonOnly);
  // A sync push (up to 500 ops with whole descriptions) is the one body larger than the rest: its caller is
  // known and its shape checked before anything is parsed (sync/push-intake.ts).
  api.post(expressPath(operations["sync.push"].path), ...syncPushIntake(context));
  api.use(express.json({ limit: BODY_LIMIT }));
  api.get(expressPath(`${CAT_PICTURES.fallback}/{file}`), catFallbackHandler(core.catFallbacks));
  api.get(
    expressPath(CAT_PICTURES.image),
    catImageHandler(() => core.tools?.cats),
  );
  api.use(operationRouter(context, operationHooks(context)));
  api.use(apiNotFound);
  api.use(errorHandler(log));

  // The hottest call skips the API router's layers and the body parser that only writes need.
  app.get(operations["projects.list"].path, sameOrigin, publicReadHandler(context, "projects.list"));
  app.use("/api", api);
  const { metricsToken } = config.observe;
  if (core.metrics && metricsToken) app.get(METRICS_PATH, metricsEndpoint(core.metrics, metricsToken));
  app.get("/media/:hash", mediaHandler(context));
  app.get("/media/:hash/:file", mediaHandler(context));
  app.use(loginRedirect(core));
  // Before the export's files: the database is newer than the build (a project saved since, an old slug).
  app.use(projectPages(context));
  app.use(site.router);
  app.use(errorHandler(log));
  return app;
}

type Handle = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

/**
 * Runs `first` before Express sets a request up (its per-request setup and router walk cost more than the
 * hottest answer itself), whichever way the app is served: `app.listen`, `server.on("request", app)` or a
 * test client. Express 5's app function hands every request to `app.handle`, which this wraps; whatever
 * `first` passes on (including a request it could not answer because of an error) goes through Express
 * as before, where the full path answers it or its error handler does.
 */
function answerFirst(app: Express, first: RawHandler): void {
  const target = app as unknown as { handle: Handle };
  const handle = target.handle.bind(app);
  target.handle = (req, res, done) => first(req, res, () => handle(req, res, done));
}
