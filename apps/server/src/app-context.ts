/** What the route modules share: the core services, the configuration, rate limits and the list cache. */
import type { ServerConfig } from "./config.ts";
import type { ServerCore } from "./create-core.ts";
import type { ProjectsCache } from "./http/projects-cache.ts";
import type { createRateLimits } from "./http/rate-limits.ts";

export interface AppContext {
  core: ServerCore;
  config: ServerConfig;
  rateLimits: ReturnType<typeof createRateLimits>;
  projectsCache: ProjectsCache;
  log: (line: string) => void;
}
