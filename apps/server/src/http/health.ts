/**
 * GET /api/health for load balancers: 200 {"status":"ok"} when the database answers a query, else 503
 * {"status":"unavailable","error":...}. No authentication, no details that help an attacker.
 */
import type { Core } from "@portfolio/core/services";
import type { RequestHandler } from "express";
import { sql } from "kysely";

/** How long a health check waits for the database before calling it unreachable. */
export const HEALTH_TIMEOUT_MS = 3000;

export async function databaseReachable(core: Pick<Core, "db">, timeoutMs = HEALTH_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = sql`SELECT 1`.execute(core.db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthHandler(core: Pick<Core, "db">): RequestHandler {
  return async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (await databaseReachable(core)) {
      res.status(200).json({ status: "ok" });
    } else {
      res.status(503).json({ status: "unavailable", error: "The database is unreachable." });
    }
  };
}
