/**
 * `Transport` over the HTTP API: the registry's route for each call, JSON in and out, cookies included.
 *
 * A creating write (`route.idempotent`) carries a fresh Idempotency-Key and is sent once more with the same
 * key when no answer came back or a balancer answered 502/503/504 (an instance restarting): the server
 * answers the retry with the first answer, so it never creates twice.
 */
import { fillPath, ROUTES, splitInput } from "@portfolio/core/operations/client";
import { ApiError, ApiNetworkError, type Transport } from "./transport.ts";

export interface HttpTransportOptions {
  /** Prefix for every call, e.g. `https://api.example.com`; '' (default) means the page's own origin. */
  baseUrl?: string;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

export function createHttpTransport(options: HttpTransportOptions = {}): Transport {
  const baseUrl = (options.baseUrl ?? "").replace(/\/+$/, "");
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return {
    async call(name, input) {
      const route = ROUTES[name];
      const parts = splitInput(route, input as Record<string, unknown>);
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(parts.query))
        if (value !== undefined && value !== "") search.set(key, String(value));
      const query = search.size > 0 ? `?${search}` : "";
      const body = parts.body === undefined ? undefined : JSON.stringify(parts.body);
      const headers: Record<string, string> = { Accept: "application/json" };
      if (body !== undefined) headers["Content-Type"] = "application/json";
      if (route.idempotent) headers["Idempotency-Key"] = newIdempotencyKey();
      const send = () =>
        fetchImpl(`${baseUrl}${fillPath(route.path, parts.params)}${query}`, {
          method: route.method,
          credentials: "include",
          headers,
          body,
        });
      let response: Response;
      try {
        response = await send();
        if (route.idempotent && RETRIED_STATUSES.has(response.status)) response = await send();
      } catch (error) {
        if (!route.idempotent) throw new ApiNetworkError(error);
        try {
          response = await send();
        } catch (again) {
          throw new ApiNetworkError(again);
        }
      }
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

/** What a balancer answers while an instance restarts: worth one retry with the same key. */
const RETRIED_STATUSES = new Set([502, 503, 504]);

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
