/**
 * The public reads (docs/performance.md, "The public reads"): GET /api/projects in each of its sorts and
 * pages, GET /api/settings/profile and GET /api/hello give every caller the same answer, so each is built
 * once per content revision (public-cache.ts) through their own runner (`runPublicRead`: the registry's
 * policy, schema and handler for these three entries alone, so a start answers them without building every
 * other operation first; docs/performance.md, "Start"), as an anonymous caller, and kept as bytes
 * (encoded-answer.ts).
 *
 * Two ways in, one answer: `publicReadHandler` is the operation's handler on the full Express path (any
 * request: with a cookie, an Origin, an odd path or a bad query, which it refuses with the registry's 400);
 * `publicReadsFastPath` answers a plain anonymous GET before Express sets the request up (no cookie, no
 * Authorization header, no Origin that may need CORS headers) from the same bytes, with the same headers
 * (a test compares the two). Anything it is not sure of goes on to the full path.
 */
import type { IncomingMessage } from "node:http";
import { parse as parseQuery } from "node:querystring";
import { type PublicReadName, publicReadOperations } from "@portfolio/core/domain/operations/public-reads.ops";
import { parsePublicRead, runPublicRead } from "@portfolio/core/operations/public-reads";
import { ANONYMOUS } from "@portfolio/core/services/context";
import type { RequestHandler } from "express";
import type { AppContext } from "../../app-context.ts";
import type { FastPathObserver } from "../../observe/fast-path-observer.ts";
import { chooseRequestId } from "../../observe/request-id.ts";
import type { RawHandler } from "../raw-handler.ts";
import { type EncodedAnswer, sendEncoded, sendEncodedRaw } from "./encoded-answer.ts";

export const PUBLIC_READS = ["projects.list", "profile.get", "hello"] as const satisfies readonly PublicReadName[];
export type PublicRead = (typeof PUBLIC_READS)[number];

/** What answering a public read takes: no rate limits, nothing of Express (main.ts answers them before it exists). */
export type PublicReadsContext = Pick<AppContext, "core" | "config" | "publicReads" | "encodeAnswer">;

const BY_PATH: ReadonlyMap<string, PublicRead> = new Map(
  PUBLIC_READS.map((name) => [publicReadOperations[name].path, name]),
);

interface ParsedRead {
  name: PublicRead;
  /** The operation and its query as parsed: one key for each distinct input, however it was spelt. */
  key: string;
  /** The query as sent, for the runner (which parses it again, as for any call). */
  query: Record<string, unknown>;
}

/** The read's cache key; throws the registry's validation error for a bad query. */
function parseRead(name: PublicRead, query: Record<string, unknown>): ParsedRead {
  const parsed = parsePublicRead(name, query);
  return { name, key: `${name} ${JSON.stringify(parsed)}`, query };
}

/** The read's answer, built as the registry's runner builds it for an anonymous caller. */
function answerOf(app: PublicReadsContext, { name, key, query }: ParsedRead) {
  return app.publicReads.get(key, async () =>
    app.encodeAnswer(await runPublicRead({ core: app.core, actor: ANONYMOUS }, name, query)),
  );
}

/** The full path's handler for a public read; the security (and any CORS) headers are already on `res`. */
export function publicReadHandler(app: PublicReadsContext, name: PublicRead): RequestHandler {
  return async (req, res) => {
    // Until the answer is known: a refusal (a bad query) is never kept by a shared cache.
    res.setHeader("Cache-Control", "no-store");
    const read = parseRead(name, req.query as Record<string, unknown>);
    const answer = answerOf(app, read);
    sendEncoded(req, res, answer instanceof Promise ? await answer : answer);
  };
}

/** Parsed queries by raw query string, so the hot path validates each distinct one once. */
const MAX_PARSED = 256;

/** The public read a plain anonymous GET asks for, parsed; undefined when the full path must answer it. */
function plainRead(req: IncomingMessage, parsed: Map<string, ParsedRead>): ParsedRead | undefined {
  if (req.method !== "GET") return undefined;
  const { headers } = req;
  if (headers.cookie !== undefined || headers.authorization !== undefined || headers.origin !== undefined) {
    return undefined;
  }
  const url = req.url ?? "";
  const known = parsed.get(url);
  if (known) return known;
  const at = url.indexOf("?");
  const name = BY_PATH.get(at < 0 ? url : url.slice(0, at));
  if (name === undefined) return undefined;
  try {
    // Express 5's own query parser ("simple": node:querystring), so both paths read a query alike.
    const read = parseRead(name, at < 0 ? {} : { ...parseQuery(url.slice(at + 1)) });
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(url, read);
    return read;
  } catch {
    // A bad query: the full path answers it with the registry's 400.
    return undefined;
  }
}

/**
 * Answers a plain anonymous GET of a public read before Express (and the per-request log and histogram:
 * `observer` counts it, times a sample and logs an aggregate). A kept answer costs a lookup, one
 * `writeHead` of its prepared header list and one `end`: no header set one by one, nothing built
 * (docs/performance.md, "The public reads"). `next` takes no error: a failed build goes the full path,
 * whose error handler answers it.
 */
export function publicReadsFastPath(app: PublicReadsContext, observer: FastPathObserver): RawHandler {
  const parsed = new Map<string, ParsedRead>();
  const { trustProxy } = app.config;
  return (req, res, next) => {
    const read = plainRead(req, parsed);
    if (read === undefined) return next();
    const started = observer.start();
    const requestId = chooseRequestId(req.headers["x-request-id"], trustProxy);
    const send = (answer: EncodedAnswer) =>
      observer.done(read.name, sendEncodedRaw(req, res, answer, requestId), started);
    const kept = app.publicReads.fresh(read.key);
    if (kept !== undefined) return send(kept);
    const answer = answerOf(app, read);
    if (answer instanceof Promise) answer.then(send, () => next());
    else send(answer);
  };
}

/** Every project as the public list answers an anonymous caller (no query), with its ETag: project pages render from it. */
export async function publicProjectList(app: PublicReadsContext): Promise<{ body: Buffer; etag: string }> {
  const answer = answerOf(app, parseRead("projects.list", {}));
  return (answer instanceof Promise ? await answer : answer).identity;
}
