/**
 * Every request gets an id that its log line, its error and its answer's `X-Request-Id` share, so an operator
 * finds the line a user reports. A trusted proxy's id is kept (the same id then runs through the proxy's log
 * too) when it is a short token of safe characters; anything else, or any id from an untrusted client, is
 * replaced: a caller must not be able to write into our logs.
 *
 * An id of our own is UUID-shaped: a random prefix drawn once per process, then a counter in the last 48
 * bits. Unique within the process, and across instances as far as a random 80-bit prefix goes, at the cost
 * of an addition: a fresh random UUID per request was a visible share of the hottest answer's time
 * (docs/performance.md, "The public reads"). An id names a log line; it is no secret.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

export const REQUEST_ID_HEADER = "X-Request-Id";

const SAFE_ID = /^[A-Za-z0-9._:@+=-]{1,128}$/;

const ID = Symbol("requestId");
type WithId = IncomingMessage & { [ID]?: string };

/** The first 24 characters of a random UUID: its version and variant digits stay as a v4 UUID has them. */
const PREFIX = randomUUID().slice(0, 24);
const COUNTER_LIMIT = 2 ** 48;
let counter = 0;

/** A new id of this process's own. */
export function newRequestId(): string {
  counter = (counter + 1) % COUNTER_LIMIT;
  return PREFIX + counter.toString(16).padStart(12, "0");
}

export function chooseRequestId(header: string | string[] | undefined, trustProxy: boolean): string {
  if (trustProxy && typeof header === "string" && SAFE_ID.test(header)) return header;
  return newRequestId();
}

export function setRequestId(req: IncomingMessage, id: string): void {
  (req as WithId)[ID] = id;
}

/** The id given to this request; "unknown" only for a request that never passed the observer (a unit test's app). */
export function requestIdOf(req: IncomingMessage): string {
  return (req as WithId)[ID] ?? "unknown";
}
