/** What the route modules share: the core services, the configuration, rate limits and the public reads' cache. */
import type { ServerConfig } from "./config.ts";
import type { ServerCore } from "./create-core.ts";
import type { EncodedAnswer } from "./http/public-reads/encoded-answer.ts";
import type { PublicCache } from "./http/public-reads/public-cache.ts";
import type { createRateLimits } from "./http/rate-limits.ts";

export interface AppContext {
  core: ServerCore;
  config: ServerConfig;
  rateLimits: ReturnType<typeof createRateLimits>;
  publicReads: PublicCache;
  /** A public read's answer as bytes, with the app's security headers (http/public-reads). */
  encodeAnswer: (value: unknown) => EncodedAnswer;
  log: (line: string) => void;
}
