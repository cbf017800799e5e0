/**
 * The process's log (pino): one JSON line per entry for a log collector, or readable lines for a terminal
 * (LOG_FORMAT, config.ts). Entries carry only what this server puts in them (see request-log.ts): no request
 * body, header, cookie, token or e-mail address is ever handed to the logger.
 */
import pino, { type DestinationStream, type Logger } from "pino";

export type { Logger };
export type LogFormat = "json" | "pretty";

/** A request's line in a terminal: what happened, then the id a user can quote. */
function prettyMessage(entry: Record<string, unknown>, messageKey: string): string {
  const message = String(entry[messageKey] ?? "");
  if (entry.operation === undefined) return entry.reqId ? `${message} [${entry.reqId}]` : message;
  const user = entry.userId ? ` user ${entry.userId}` : "";
  return `${entry.method} ${entry.path} ${entry.status} ${entry.durationMs} ms (${entry.operation})${user} [${entry.reqId}]`;
}

/**
 * `destination` is stdout unless a test collects the lines. On stdout JSON lines go through pino's
 * asynchronous destination: a request never waits for its line to be written (lines written while one
 * write is under way go out together in the next), and what is left is flushed when the process exits.
 * pino-pretty is loaded only for pretty lines: a server writing JSON never pays for it at start.
 */
export async function createLogger(format: LogFormat, destination?: DestinationStream): Promise<Logger> {
  const options = {
    timestamp: pino.stdTimeFunctions.isoTime,
    // "info" rather than 30: read by people and collectors alike.
    formatters: { level: (label: string) => ({ level: label }) },
  };
  if (format === "json") return pino(options, destination ?? asyncStdout());
  const { default: pretty } = await import("pino-pretty");
  return pino(
    options,
    pretty({
      sync: true,
      destination: destination ?? 1,
      translateTime: "SYS:HH:MM:ss",
      ignore: "pid,hostname",
      hideObject: true,
      messageFormat: prettyMessage,
    }),
  );
}

/** stdout, written asynchronously; exported for the test that holds it so. */
export function asyncStdout(): DestinationStream & { sync?: boolean } {
  return pino.destination({ dest: 1, sync: false });
}

/** The `log(line)` the rest of the server calls: an info entry whose message is the line. */
export function logLines(logger: Logger): (line: string) => void {
  return (line) => logger.info(line);
}

/** For an app built without a logger (a unit test's): its request lines go nowhere. */
export function silentLogger(): Logger {
  return pino({ level: "silent" });
}
