/**
 * The desktop's way to the server: core's registry-driven HTTP transport (the same one the web admin
 * panel uses), given a fetch that adds the desktop's credential. Two kinds:
 * - the device transport: `Authorization: Bearer <token>`, for sync and the online-only admin calls;
 * - a one-off session transport for connecting: a cookie jar and the server's own Origin (the desktop is
 *   not a browser page, so it states the origin the server expects), used to log in, mint the device
 *   token and log out again.
 */

import type { Transport } from "@portfolio/core/operations/client";
import { createHttpTransport } from "@portfolio/core/operations/client/http";

/** `https://example.com/` and `https://example.com` are the same server. */
export function normalizeServerUrl(url: string): string {
  return url.trim().replace(/\/+$/, "");
}

function withHeaders(fetchImpl: typeof fetch, extra: () => Record<string, string>): typeof fetch {
  return (input, init = {}) => {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(extra())) headers.set(name, value);
    return fetchImpl(input, { ...init, headers });
  };
}

export function deviceTransport(serverUrl: string, token: string, fetchImpl: typeof fetch): Transport {
  return createHttpTransport({
    baseUrl: normalizeServerUrl(serverUrl),
    fetch: withHeaders(fetchImpl, () => ({ Authorization: `Bearer ${token}` })),
  });
}

export function sessionTransport(serverUrl: string, fetchImpl: typeof fetch): Transport {
  const base = normalizeServerUrl(serverUrl);
  const origin = new URL(base).origin;
  const cookies = new Map<string, string>();
  const jarFetch: typeof fetch = async (input, init) => {
    const response = await fetchImpl(input, init);
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === "") cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  return createHttpTransport({
    baseUrl: base,
    fetch: withHeaders(jarFetch, () => ({
      Origin: origin,
      ...(cookies.size > 0 ? { Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") } : {}),
    })),
  });
}
