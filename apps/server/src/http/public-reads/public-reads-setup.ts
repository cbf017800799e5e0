/**
 * The public reads' cache, their encoder and their fast path, made apart from Express: a start answers them
 * from the moment it listens, while Express and the routes are still to be built (main.ts; docs/performance.md,
 * "Start"), and the app built after (app.ts) takes these very ones, so an answer kept before it exists is
 * the one it gives, counted and logged in the same series. Nothing here imports Express.
 */
import { dialectOf } from "@portfolio/core/data/dialect";
import { cacheControlOf } from "@portfolio/core/domain/operations/define";
import { publicReadOperations } from "@portfolio/core/domain/operations/public-reads.ops";
import { publicRevision } from "@portfolio/core/services/public-revision";
import type { ServerConfig } from "../../config.ts";
import type { ServerCore } from "../../create-core.ts";
import { fastPathObserver } from "../../observe/fast-path-observer.ts";
import type { Logger } from "../../observe/logger.ts";
import type { RawHandler } from "../raw-handler.ts";
import { apiSecurityHeaderSet } from "../security-headers.ts";
import { encodeAnswer } from "./encoded-answer.ts";
import { PublicCache, SQLITE_RECHECK_MS } from "./public-cache.ts";
import { type PublicReadsContext, publicReadsFastPath } from "./public-reads.ts";

export interface PublicReadsSetup {
  context: PublicReadsContext;
  /** Answers a plain anonymous GET of a public read (public-reads.ts); passes anything else on. */
  fastPath: RawHandler;
}

export function publicReadsSetup({
  core,
  config,
  logger,
}: {
  core: ServerCore;
  config: ServerConfig;
  logger: Logger;
}): PublicReadsSetup {
  const security = apiSecurityHeaderSet(config);
  const context: PublicReadsContext = {
    core,
    config,
    publicReads: new PublicCache({
      readRevision: () => publicRevision(core.db),
      recheckMs: dialectOf(core.db) === "sqlite" ? SQLITE_RECHECK_MS : 0,
    }),
    // Every public read shares its Cache-Control (the registry's `shared`), so one value serves them all.
    encodeAnswer: (value) =>
      encodeAnswer(value, { security, cacheControl: cacheControlOf(publicReadOperations["projects.list"]) }),
  };
  return { context, fastPath: publicReadsFastPath(context, fastPathObserver({ logger, metrics: core.metrics })) };
}
