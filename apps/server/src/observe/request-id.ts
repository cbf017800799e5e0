/**
 * Every request gets an id that its log line, its error and its answer's `X-Request-Id` share, so an operator
 * finds the line a user reports. A trusted proxy's id is kept (the same id then runs through the proxy's log
 * too) when it is a short token of safe characters; anything else, or any id from an untrusted client, is
 * replaced: a caller must not be able to write into our logs.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

export const REQUEST_ID_HEADER = "X-Request-Id";

const SAFE_ID = /^[A-Za-z0-9._:@+=-]{1,128}$/;

const ID = Symbol("requestId");
type WithId = IncomingMessage & { [ID]?: string };

export function chooseRequestId(header: string | string[] | undefined, trustProxy: boolean): string {
  if (trustProxy && typeof header === "string" && SAFE_ID.test(header)) return header;
  return randomUUID();
}

export function setRequestId(req: IncomingMessage, id: string): void {
  (req as WithId)[ID] = id;
}

/** The id given to this request; "unknown" only for a request that never passed the observer (a unit test's app). */
export function requestIdOf(req: IncomingMessage): string {
  return (req as WithId)[ID] ?? "unknown";
}
