/**
 * Graceful shutdown on SIGTERM (and SIGINT): after the drain (`beforeClose`), stop accepting connections, let in-flight requests finish,
 * close the database pool, exit 0. Idle keep-alive connections are closed at once; if requests are still
 * running after `graceMs` (default 10 s, what orchestrators wait before SIGKILL) they are cut and the
 * process exits 1 so the cut is visible.
 */
import type { Server } from "node:http";

export interface GracefulShutdownOptions {
  graceMs?: number;
  signals?: NodeJS.Signals[];
  log?: (line: string) => void;
  /** Runs first, while the server still accepts (the drain, drain.ts). */
  beforeClose?: () => Promise<void>;
  /** Ends the process; tests may replace it. */
  exit?: (code: number) => void;
}

/** Installs the signal handlers; returns the shutdown function itself (idempotent) for direct use. */
export function installGracefulShutdown(
  server: Server,
  close: () => Promise<void>,
  options: GracefulShutdownOptions = {},
): () => Promise<void> {
  const {
    graceMs = 10_000,
    signals = ["SIGTERM", "SIGINT"],
    log = () => {},
    beforeClose = async () => {},
    exit = (code) => process.exit(code),
  } = options;
  let shuttingDown: Promise<void> | undefined;

  const shutdown = (): Promise<void> => {
    shuttingDown ??= (async () => {
      await beforeClose();
      log("Shutting down: finishing requests in flight.");
      let code = 0;
      const cutOff = setTimeout(() => {
        log(`Requests still running after ${graceMs} ms: closing them.`);
        code = 1;
        server.closeAllConnections();
      }, graceMs);
      cutOff.unref();
      // server.close stops accepting and resolves once every connection has ended.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A keep-alive connection whose request finishes after close() turns idle; close those as they do.
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      await closed;
      clearInterval(sweep);
      clearTimeout(cutOff);
      try {
        await close();
      } catch (error) {
        log(`Closing the database failed: ${(error as Error).message}`);
        code = 1;
      }
      exit(code);
    })();
    return shuttingDown;
  };

  for (const signal of signals) process.once(signal, () => void shutdown());
  return shutdown;
}
