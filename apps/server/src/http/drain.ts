/**
 * The hand-over before a graceful shutdown: for `drainMs` after SIGTERM the instance keeps
 * serving, but its health check answers 503 (so a balancer's active check takes it out of rotation) and
 * every answer carries `Connection: close` (so a balancer drops the kept connections to it one by one,
 * each after an answer, instead of meeting them closed under a request it cannot retry). Only then does
 * the shutdown stop accepting (shutdown.ts): a balancer that still picks this instance gets a refused
 * connect, which every balancer retries on another instance, even for a POST.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { ROUTES } from "@portfolio/core/domain/operations/routes.generated";

export const DRAINING_MESSAGE = "This instance is shutting down.";

const HEALTH_PATH = ROUTES["meta.health"].path;

export interface Drain {
  /** Whether the drain has begun. */
  readonly draining: boolean;
  /** Begins the drain (once); resolves when `drainMs` has passed. */
  start(): Promise<void>;
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Puts the drain in front of every request listener of `server` (the app, whatever it answers first), so
 * nothing the app does can answer without it.
 */
export function installDrain(server: Server, options: { drainMs: number; log?: (line: string) => void }): Drain {
  const { drainMs, log = () => {} } = options;
  let started: Promise<void> | undefined;
  const listeners = server.listeners("request") as RequestListener[];
  server.removeAllListeners("request");
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (started) {
      res.setHeader("Connection", "close");
      if (req.method === "GET" && req.url?.split("?")[0] === HEALTH_PATH) {
        res.writeHead(503, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
        res.end(JSON.stringify({ error: DRAINING_MESSAGE }));
        return;
      }
    }
    for (const listener of listeners) listener.call(server, req, res);
  });
  return {
    get draining() {
      return started !== undefined;
    },
    start() {
      started ??= (async () => {
        log(`Draining for ${drainMs} ms: health answers 503, every answer closes its connection.`);
        await new Promise((resolve) => setTimeout(resolve, drainMs));
      })();
      return started;
    },
  };
}
