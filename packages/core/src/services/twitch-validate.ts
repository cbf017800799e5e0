/**
 * Asks Twitch whether an access token is real before the server keeps it (docs/security.md, promise 22): the validate endpoint
 * of Twitch's identity service, `GET {authBaseUrl}/oauth2/validate` with `Authorization: OAuth <token>`,
 * answers 200 `{client_id, login, scopes, user_id, expires_in}` for a live token and 401 otherwise.
 * The token travels only in that header: never in a URL, an error message or a log line.
 */
import { z } from "zod";
import { Unavailable } from "../domain/errors.ts";
import { TWITCH_MESSAGES } from "../domain/twitch.ts";

export const DEFAULT_TWITCH_AUTH_BASE_URL = "https://id.twitch.tv";

export interface TwitchTokenInfo {
  clientId: string;
  login: string;
  userId: string;
  scopes: string[];
  expiresIn: number;
}

const validateAnswer = z.object({
  client_id: z.string(),
  login: z.string(),
  // Twitch answers null (not []) for a token without scopes.
  scopes: z.array(z.string()).nullable(),
  user_id: z.string(),
  expires_in: z.number(),
});

export interface ValidateOptions {
  authBaseUrl?: string | undefined;
  fetch?: typeof fetch | undefined;
  timeoutMs?: number;
}

/** What Twitch knows of the token, or null when Twitch refuses it (401); Unavailable when Twitch cannot tell. */
export async function validateTwitchToken(
  token: string,
  options: ValidateOptions = {},
): Promise<TwitchTokenInfo | null> {
  const base = (options.authBaseUrl ?? DEFAULT_TWITCH_AUTH_BASE_URL).replace(/\/+$/, "");
  let res: Response;
  try {
    res = await (options.fetch ?? fetch)(`${base}/oauth2/validate`, {
      headers: { Authorization: `OAuth ${token}`, Accept: "application/json" },
      signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
    });
  } catch {
    throw new Unavailable(TWITCH_MESSAGES.unreachable);
  }
  if (res.status === 401) {
    await res.body?.cancel();
    return null;
  }
  const parsed = res.ok ? validateAnswer.safeParse(await res.json().catch(() => undefined)) : undefined;
  if (!parsed?.success) {
    await res.body?.cancel().catch(() => {});
    throw new Unavailable(TWITCH_MESSAGES.unreachable);
  }
  const { client_id, login, scopes, user_id, expires_in } = parsed.data;
  return { clientId: client_id, login, userId: user_id, scopes: scopes ?? [], expiresIn: expires_in };
}
