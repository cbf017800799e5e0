/** `Transport` over the HTTP API: the registry's route for each call, JSON in and out, cookies included. */
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
      let response: Response;
      try {
        response = await fetchImpl(`${baseUrl}${fillPath(route.path, parts.params)}${query}`, {
          method: route.method,
          credentials: "include",
          headers:
            body === undefined
              ? { Accept: "application/json" }
              : { Accept: "application/json", "Content-Type": "application/json" },
          body,
        });
      } catch (error) {
        throw new ApiNetworkError(error);
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
