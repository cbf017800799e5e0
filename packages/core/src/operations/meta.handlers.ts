/** The published contract, generated once per process from the registry, and the health and liveness checks. */
import { sql } from "kysely";
import { Unavailable } from "../domain/errors.ts";
import { apiDocsPage } from "../domain/operations/api-docs-page.ts";
import { openApiDocument } from "../domain/operations/openapi.ts";
import type { Core } from "../services/context.ts";
import type { Handlers } from "./context.ts";

let document: Record<string, unknown> | undefined;
let page: string | undefined;

/** How long a health check waits for the database before calling it unreachable (a balancer's check is short). */
export const HEALTH_TIMEOUT_MS = 3000;

/** A trivial query, bounded in time: a pool waiting on a dead server must not hold the balancer's check. */
async function databaseAnswers(core: Core): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS);
  });
  const query = sql`select 1`.execute(core.db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const metaHandlers = {
  "meta.openapi": async () => {
    document ??= openApiDocument();
    return document;
  },
  "meta.docs": async () => {
    document ??= openApiDocument();
    page ??= apiDocsPage(document);
    return page;
  },
  "meta.health": async ({ core }) => {
    if (!(await databaseAnswers(core))) throw new Unavailable("The database is unreachable.");
    return { status: "ok" };
  },
  // Liveness: that this process still answers requests. Nothing else is asked, on purpose.
  "meta.live": async () => ({ status: "ok" }),
} satisfies Partial<Handlers>;
