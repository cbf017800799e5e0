/**
 * The shape of one API operation, and the types every transport derives from it. Browser-safe.
 *
 * Input travels as three parts over HTTP (path parameters, query, JSON body) and as one flat object over
 * IPC; `splitInput` and `parseOperationInput` convert between the two so both transports validate alike.
 */
import type { z } from "zod";
import type { Action } from "../policy/actions.ts";

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

/**
 * A status an operation answers beyond those every call of its kind can (openapi.ts derives those: 400 and
 * 413 always, 401 unless public, 403 for a write, a permission or a browser-only call, 404 with a path id).
 */
export type ExtraStatus = 304 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/** Which credential may call an operation (docs/design.md §3): the browser's session cookie, the desktop's device token. */
export type Credential = "session" | "device";

export interface OperationSpec {
  method: HttpMethod;
  /** The HTTP path with `{name}` parameters, e.g. `/api/projects/{id}`. */
  path: string;
  summary: string;
  /** Longer notes for the OpenAPI document (limits, when to page). */
  description?: string;
  /** The policy action it needs (checked before the input is read), or `public`. */
  action: Action;
  /** Success status: 200 unless said (201 creates, 204 answers nothing). */
  status?: 200 | 201 | 204;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The answer: a zod schema typed to the handler's result type (results.ts), published in the OpenAPI document. */
  result: z.ZodType;
  /**
   * What else it can answer, e.g. 401 for a wrong password, 409 for a stale version, 429 where the server
   * rate-limits it, 503 when an upstream is down. The contract test proves each is really answered.
   */
  statuses?: readonly ExtraStatus[];
  /** Credentials that may call it; both unless said. Logging in, passwords and tokens are session-only. */
  credentials?: readonly Credential[];
  /**
   * HTTP caching of the answer: `no-store` unless said. `shared`: the same answer for every caller, which a
   * shared cache (the balancer, a CDN) may keep for a few seconds (`SHARED_CACHE_CONTROL`).
   */
  cache?: "no-store" | "no-cache" | "shared";
  /** The body's media type: JSON unless said (a picture upload is multipart/form-data). */
  consumes?: "application/json" | "multipart/form-data";
  /** The answer's media type: JSON unless said (the API reference page is HTML). */
  produces?: "application/json" | "text/html";
  /**
   * `false`: refuses to store its answer for an Idempotency-Key replay, though it creates (the answer holds a
   * secret shown once). Every other logged-in creating write accepts the key (`acceptsIdempotencyKey`).
   */
  idempotencyKey?: false;
  /**
   * How its database work is grouped (`transactionOf`). Unset: a write runs in one transaction the runner
   * opens (docs/design.md §4: every multi-row change is one transaction). `serializable`: that transaction
   * is SERIALIZABLE, retried on a PostgreSQL conflict, for read-check-write rules (a version, the last owner,
   * twin roles). `own`: the handler opens its own short units of work, because it also does slow work that
   * must not hold a write transaction open (bcrypt, a mail sent through SMTP before answering, a call to
   * Twitch), or writes that must stay when it refuses (a failed login's audit entry, a guess counted).
   * `one`: a read that still runs in the runner's transaction (its reads see one snapshot, and it may prune).
   */
  transaction?: "one" | "serializable" | "own";
}

/** Who opens the transaction an operation runs in: none for a read, the runner's (plain or serializable), or the handler's own. */
/**
 * The public reads' caching (docs/performance.md, "The public reads"): a browser revalidates every time (an
 * ETag makes that a 304), a shared cache may answer from its copy for 5 s and, while it fetches a fresh one,
 * for 30 s more. A change is thus public within 5 s (plus the server's own recheck, docs/performance.md).
 */
export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=5, stale-while-revalidate=30";

/** The Cache-Control header of an operation's answers. */
export function cacheControlOf(spec: OperationSpec): string {
  return spec.cache === "shared" ? SHARED_CACHE_CONTROL : (spec.cache ?? "no-store");
}

export type TransactionMode = "none" | "runner" | "serializable" | "own";

export function transactionOf(spec: OperationSpec): TransactionMode {
  if (spec.transaction === "one") return "runner";
  if (spec.transaction !== undefined) return spec.transaction;
  return spec.method === "GET" ? "none" : "runner";
}

/**
 * Whether a call accepts an `Idempotency-Key` header: every creating write (201) of a logged-in
 * caller, unless it opts out. A retry with the same key answers the first answer again instead of creating
 * a second row, so a client or a balancer may resend it safely.
 */
export function acceptsIdempotencyKey(spec: OperationSpec): boolean {
  return spec.status === 201 && spec.action !== "public" && spec.idempotencyKey !== false;
}

type Out<S> = S extends z.ZodType ? z.output<S> : unknown;
type In<S> = S extends z.ZodType ? z.input<S> : unknown;
type Merge<A, B, C> = (A extends object ? A : unknown) &
  (B extends object ? B : unknown) &
  (C extends object ? C : unknown);

/** What a caller passes: path parameters, query and body fields in one flat object. */
export type InputOf<O extends OperationSpec> = Merge<In<O["params"]>, In<O["query"]>, In<O["body"]>>;
/** What a handler receives: the same, validated and normalised. */
export type ParsedInputOf<O extends OperationSpec> = Merge<Out<O["params"]>, Out<O["query"]>, Out<O["body"]>>;
export type ResultOf<O extends OperationSpec> = z.output<O["result"]>;

/** Path parameter names of `/api/projects/{id}` → ["id"]. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
}

export interface InputParts {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

/** Where an operation lives over HTTP, without its schemas: what a browser client needs (zod stays out of it). */
export interface Route {
  method: HttpMethod;
  path: string;
  /** The query's field names; every other non-path field travels in the body. */
  query: readonly string[];
  /** Whether it takes a JSON body. */
  body: boolean;
  /** It accepts an Idempotency-Key: a client sends a fresh one per call and the same one on its retry. */
  idempotent?: true;
  /** Its body travels as multipart/form-data (a file), not JSON. */
  multipart?: true;
}

export function routeOf(spec: OperationSpec): Route {
  return {
    method: spec.method,
    path: spec.path,
    query: spec.query ? Object.keys(spec.query.shape) : [],
    body: spec.body !== undefined,
    ...(acceptsIdempotencyKey(spec) ? { idempotent: true as const } : {}),
    ...(spec.consumes === "multipart/form-data" ? { multipart: true as const } : {}),
  };
}

/** A flat input split the way HTTP carries it: parameters by name, query keys by the query schema, the rest body. */
export function splitInput(route: Route, input: Record<string, unknown> = {}): InputParts {
  const paramNames = new Set(pathParamNames(route.path));
  const queryNames = new Set(route.query);
  const parts: InputParts = { params: {}, query: {}, body: undefined };
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (paramNames.has(key)) parts.params[key] = value;
    else if (queryNames.has(key)) parts.query[key] = value;
    else body[key] = value;
  }
  if (route.body || Object.keys(body).length > 0) parts.body = body;
  return parts;
}

/** `/api/projects/{id}` with `{id: "a/b"}` → `/api/projects/a%2Fb`. */
export function fillPath(path: string, params: Record<string, unknown>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? "")));
}
