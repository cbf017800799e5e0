/**
 * `Transport` over the HTTP API, for the browser and for Node (the desktop's main process) alike: the
 * registry's route for each call, JSON in and out, cookies included.
 *
 * A creating write (`route.idempotent`) carries a fresh Idempotency-Key and is sent once more with the same
 * key when no answer came back or a balancer answered 502/503/504 (an instance restarting), and again after
 * the Retry-After of a 409 saying its first attempt still runs: the server answers a retry with the first
 * answer, so it never creates twice.
 */
import { fillPath, splitInput } from "../define.ts";
import { ROUTES } from "../routes.generated.ts";
import { ApiError, ApiNetworkError, type Transport } from "./transport.ts";

export interface HttpTransportOptions {
  /** Prefix for every call, e.g. `https://api.example.com`; '' (default) means the page's own origin. */
  baseUrl?: string;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** How a retry waits; injected for tests, defaults to a timer. */
  wait?: (ms: number) => Promise<void>;
}

export function createHttpTransport(options: HttpTransportOptions = {}): Transport {
  const baseUrl = (options.baseUrl ?? "").replace(/\/+$/, "");
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const wait = options.wait ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return {
    async call(name, input) {
      const route = ROUTES[name];
      const parts = splitInput(route, input as Record<string, unknown>);
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(parts.query))
        if (value !== undefined && value !== "") search.set(key, String(value));
      const query = search.size > 0 ? `?${search}` : "";
      const body =
        parts.body === undefined ? undefined : route.multipart ? formOf(parts.body) : JSON.stringify(parts.body);
      const headers: Record<string, string> = { Accept: "application/json" };
      // A form sets its own multipart Content-Type, with its boundary.
      if (typeof body === "string") headers["Content-Type"] = "application/json";
      if (route.idempotent) headers["Idempotency-Key"] = newIdempotencyKey();
      const init: RequestInit & { cache: "no-cache" } = {
        method: route.method,
        credentials: "include",
        // Never an answer the browser kept without asking the server: the public reads let shared caches
        // serve a stale copy while they revalidate (docs/performance.md, "The public reads"), which a
        // browser may do too. Revalidating costs a 304 when nothing changed. (Node's RequestInit type lacks
        // `cache`, the browser's has it.)
        cache: "no-cache",
        headers,
        body,
      };
      const send = () => fetchImpl(`${baseUrl}${fillPath(route.path, parts.params)}${query}`, init);
      const response = await sendWithRetries(send, route.idempotent === true, wait);
      const data = await readJson(response);
      if (!response.ok) {
        const { error, ...details } = isRecord(data) ? data : {};
        throw new ApiError(response.status, typeof error === "string" ? error : undefined, details);
      }
      // biome-ignore lint/suspicious/noExplicitAny: the registry types the answer; JSON is what the server sent.
      return data as any;
    },
  };
}

/** A multipart body (a picture upload): bytes as a file part, everything else as text fields. */
function formOf(body: unknown): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(isRecord(body) ? body : {})) {
    if (value === undefined) continue;
    if (value instanceof Blob) form.append(key, value);
    else if (value instanceof Uint8Array) form.append(key, new Blob([new Uint8Array(value)]));
    else form.append(key, String(value));
  }
  return form;
}

/** What a balancer answers while an instance restarts: worth one retry with the same key. */
const RETRIED_STATUSES = new Set([502, 503, 504]);
/** Resends of a write whose first attempt the server says still runs (409 with Retry-After). */
const STILL_RUNNING_RETRIES = 3;
/** The longest wait between them, whatever Retry-After asks. */
const MAX_RETRY_AFTER_MS = 5_000;

/**
 * Sends once; a creating write (`idempotent`, same key each time) is sent again once after no answer or a
 * 502/503/504, and up to STILL_RUNNING_RETRIES times after the Retry-After of a 409 that says its first
 * attempt still runs (the server waited for it already; only a 409 with Retry-After is one of those, never
 * the 409 of a key reused for another request).
 */
async function sendWithRetries(
  send: () => Promise<Response>,
  idempotent: boolean,
  wait: (ms: number) => Promise<void>,
): Promise<Response> {
  let resends = idempotent ? 1 : 0;
  let stillRunning = idempotent ? STILL_RUNNING_RETRIES : 0;
  for (;;) {
    let response: Response;
    try {
      response = await send();
    } catch (error) {
      if (resends-- > 0) continue;
      throw new ApiNetworkError(error);
    }
    if (RETRIED_STATUSES.has(response.status) && resends-- > 0) continue;
    const delay = stillRunningDelay(response);
    if (delay !== undefined && stillRunning-- > 0) {
      await response.body?.cancel().catch(() => {});
      await wait(delay);
      continue;
    }
    return response;
  }
}

/** The wait a 409 with Retry-After (seconds) asks for, capped; undefined for any other answer. */
function stillRunningDelay(response: Response): number | undefined {
  const header = response.headers.get("Retry-After");
  if (response.status !== 409 || header === null || !/^\d+$/.test(header.trim())) return undefined;
  return Math.min(Number(header.trim()) * 1000, MAX_RETRY_AFTER_MS);
}

/** 128 random bits as hex: `crypto.getRandomValues` works outside secure contexts too (plain-http hosts). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text().catch(() => "");
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
