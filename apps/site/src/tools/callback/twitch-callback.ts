/**
 * /twitch/callback and /twitch/fallback: after the owner's 'Connect Twitch', Twitch sends the browser back
 * with the access token in the URL hash (implicit flow: `#access_token=…&scope=…&state=…&token_type=bearer`),
 * a code in the query (code flow: `?code=…&scope=…&state=…`), or an error in the query
 * (`?error=access_denied&error_description=…&state=…`). The page reads them, posts the payload of spec
 * section 3 with the `state` (the server stores nothing without the state it issued to this session), and on
 * any failure shows the error with debug info in which every secret is hidden.
 */
import type { TwitchCallbackInput } from "@portfolio/core/domain";

export const CALLBACK_MESSAGES = {
  authorizationError: (error: string) => `Authorization error: ${error}`,
  missing: "No access token or authorization code found in the URL.",
  missingHelp:
    "This page finishes 'Connect Twitch': Twitch sends you here with #access_token=…&state=… in the address (implicit flow) or ?code=…&state=… (authorization code flow). To test it, log in as the owner and press 'Connect Twitch' in the admin panel's Settings tab.",
  failed: "Failed to process Twitch callback",
  unexpected: "An unexpected error occurred while processing the callback",
  success: "Twitch connected! Taking you to the stream…",
} as const;

export type CallbackReading =
  | { kind: "error"; error: string; description: string | null }
  | { kind: "missing" }
  | {
      kind: "authorized";
      accessToken: string | null;
      authCode: string | null;
      scope: string[];
      tokenType: string | null;
      /** The single-use value 'Connect Twitch' sent to Twitch, handed back unchanged. */
      state: string | null;
    };

const clean = (value: string | null) => {
  const text = value?.trim() ?? "";
  return text === "" ? null : text;
};

/** What Twitch sent back, from the hash and the query string of the callback URL. */
export function readCallback(hash: string, search: string): CallbackReading {
  const fragment = new URLSearchParams(hash.replace(/^#/, ""));
  const query = new URLSearchParams(search.replace(/^\?/, ""));
  const error = clean(query.get("error")) ?? clean(fragment.get("error"));
  if (error) {
    return {
      kind: "error",
      error,
      description: clean(query.get("error_description")) ?? clean(fragment.get("error_description")),
    };
  }
  const accessToken = clean(fragment.get("access_token"));
  const authCode = clean(query.get("code"));
  if (!accessToken && !authCode) return { kind: "missing" };
  const scope = (fragment.get("scope") ?? query.get("scope") ?? "").split(/[\s+]+/).filter(Boolean);
  return {
    kind: "authorized",
    accessToken,
    authCode,
    scope: [...new Set(scope)],
    tokenType: clean(fragment.get("token_type")),
    // Twitch returns it beside the token: in the hash for a token, in the query for a code.
    state: clean(fragment.get("state")) ?? clean(query.get("state")),
  };
}

/** The payload of spec section 3 (accessToken, authCode, scope, tokenType, timestamp, userAgent, referrer) and the state. */
export function callbackPayload(
  reading: Extract<CallbackReading, { kind: "authorized" }>,
  context: { now: Date; userAgent: string; referrer: string },
): TwitchCallbackInput {
  return {
    accessToken: reading.accessToken ?? undefined,
    authCode: reading.authCode ?? undefined,
    scope: reading.scope,
    tokenType: reading.tokenType ?? undefined,
    timestamp: context.now.toISOString(),
    userAgent: context.userAgent || undefined,
    referrer: context.referrer || undefined,
    state: reading.state ?? undefined,
  };
}

const SECRET_KEYS = /^(access_token|code|id_token|refresh_token|token|state)$/i;

/** URL parts for the debug info with every secret replaced, so a screenshot of the error leaks nothing. */
export function redactSecrets(part: string): string {
  const prefix = part.startsWith("#") || part.startsWith("?") ? part[0] : "";
  const body = prefix ? part.slice(1) : part;
  if (body === "") return part;
  return (
    prefix +
    body
      .split("&")
      .map((pair) => {
        const eq = pair.indexOf("=");
        if (eq < 0) return pair;
        const key = pair.slice(0, eq);
        return SECRET_KEYS.test(decodeURIComponentSafe(key)) && pair.length > eq + 1 ? `${key}=[hidden]` : pair;
      })
      .join("&")
  );
}

export function redactUrl(href: string): string {
  try {
    const url = new URL(href);
    return `${url.origin}${url.pathname}${redactSecrets(url.search)}${redactSecrets(url.hash)}`;
  } catch {
    return "[unreadable URL]";
  }
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
