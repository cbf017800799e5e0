/**
 * The Twitch authorization result (spec sections 2, 3 and 7): what /twitch/callback posts to the server,
 * and what the admin panel may learn about it. Browser-safe; the token never travels back.
 *
 * docs/security.md, promise 22: the owner starts 'Connect Twitch' from the admin panel, the server answers the Twitch
 * authorize URL carrying a single-use `state` bound to that session, and the callback is stored only when
 * it brings that state back (and Twitch confirms the token).
 */
import { z } from "zod";
import { hasControlCharacters } from "./control-characters.ts";

export const TWITCH_LIMITS = {
  token: 512,
  scope: 2000,
  scopes: 50,
  tokenType: 32,
  userAgent: 512,
  referrer: 2048,
  state: 128,
};

/** What the stream widgets need of Twitch: reading the chat. */
export const TWITCH_SCOPES: readonly string[] = ["chat:read"];

/** How long a 'Connect Twitch' state may come back: 10 minutes. */
export const TWITCH_STATE_TTL_MS = 10 * 60 * 1000;

/** The site page Twitch sends the owner back to (the redirect URI registered with the Twitch application). */
export const TWITCH_CALLBACK_PATH = "/twitch/callback";

export const TWITCH_MESSAGES = {
  tokenOrCodeRequired: "An accessToken or authCode is required.",
  accessToken: `accessToken must be a Twitch token: at most ${TWITCH_LIMITS.token} letters, digits or ._~+/=- characters.`,
  authCode: `authCode must be a Twitch authorization code: at most ${TWITCH_LIMITS.token} letters, digits or ._~+/=- characters.`,
  scope: "scope must be a space-separated list (or a list) of Twitch scopes such as chat:read.",
  tokenType: "tokenType must be a short word such as bearer.",
  timestamp: "timestamp must be a date: ISO 8601 text or milliseconds since 1970.",
  userAgent: `userAgent must be text of at most ${TWITCH_LIMITS.userAgent} characters.`,
  referrer: `referrer must be text of at most ${TWITCH_LIMITS.referrer} characters.`,
  state: `state must be the value Twitch sent back: at most ${TWITCH_LIMITS.state} letters, digits, - or _.`,
  /** No state, an unknown, used or expired one, another session's, or nobody logged in: all alike (403). */
  stateRefused:
    "This Twitch authorization was not started from this session, or it expired or was already used. Start again with 'Connect Twitch' in the admin panel's Settings tab.",
  notConfigured: "Twitch is not configured: set TWITCH_CLIENT_ID.",
  sessionRequired: "Connect Twitch from a logged-in browser session.",
  tokenRequired: "accessToken is required: the server checks the token with Twitch before storing it.",
  tokenRefused: "accessToken was refused by Twitch (invalid or expired). Start again with 'Connect Twitch'.",
  otherClient: "accessToken was issued to another Twitch application, not this site's TWITCH_CLIENT_ID.",
  unreachable: "Twitch could not be reached to check the access token. Please try again.",
} as const;

/** A missing value, null (what URLSearchParams.get answers) and "" all mean "absent". */
function optionalText(field: string, message: string, max: number, pattern?: RegExp) {
  // The message on each branch too: a caller sees the one that names the field, whichever branch is closest.
  return z
    .union([z.string({ error: message }), z.null({ error: message })], { error: message })
    .optional()
    .transform((v) => (v == null || v.trim() === "" ? undefined : v.trim()))
    .refine((v) => v === undefined || !hasControlCharacters(v), {
      message: `${field} must not contain control characters.`,
    })
    .refine((v) => v === undefined || (v.length <= max && (!pattern || pattern.test(v))), { message });
}

const TOKEN = /^[A-Za-z0-9._~+/=-]+$/;
const SCOPE = /^[A-Za-z0-9:_.-]{1,100}$/;

const scopeSchema = z
  .union(
    [
      z.string({ error: TWITCH_MESSAGES.scope }),
      z.array(z.string({ error: TWITCH_MESSAGES.scope }), { error: TWITCH_MESSAGES.scope }),
      z.null({ error: TWITCH_MESSAGES.scope }),
    ],
    {
      error: TWITCH_MESSAGES.scope,
    },
  )
  .optional()
  .refine((v) => (typeof v === "string" ? v.length : JSON.stringify(v ?? []).length) <= TWITCH_LIMITS.scope, {
    message: TWITCH_MESSAGES.scope,
  })
  // Twitch puts scopes in the URL hash space-separated ("+" once form-encoded).
  .transform((v) => [...new Set((typeof v === "string" ? v.split(/[\s+]+/) : (v ?? [])).filter((s) => s !== ""))])
  .refine((list) => list.length <= TWITCH_LIMITS.scopes && list.every((s) => SCOPE.test(s)), {
    message: TWITCH_MESSAGES.scope,
  });

const timestampSchema = z
  .union(
    [
      z.string({ error: TWITCH_MESSAGES.timestamp }),
      z.number({ error: TWITCH_MESSAGES.timestamp }),
      z.null({ error: TWITCH_MESSAGES.timestamp }),
    ],
    { error: TWITCH_MESSAGES.timestamp },
  )
  .optional()
  .transform((v, ctx) => {
    if (v == null || v === "") return undefined;
    const ms = typeof v === "number" ? v : v.length <= 64 ? Date.parse(v) : Number.NaN;
    const date = new Date(ms);
    if (!Number.isFinite(ms) || Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: TWITCH_MESSAGES.timestamp });
      return z.NEVER;
    }
    return date.toISOString();
  });

export const twitchCallbackSchema = z
  .object({
    accessToken: optionalText("accessToken", TWITCH_MESSAGES.accessToken, TWITCH_LIMITS.token, TOKEN),
    authCode: optionalText("authCode", TWITCH_MESSAGES.authCode, TWITCH_LIMITS.token, TOKEN),
    scope: scopeSchema,
    tokenType: optionalText("tokenType", TWITCH_MESSAGES.tokenType, TWITCH_LIMITS.tokenType, /^[A-Za-z_-]+$/),
    timestamp: timestampSchema,
    userAgent: optionalText("userAgent", TWITCH_MESSAGES.userAgent, TWITCH_LIMITS.userAgent),
    referrer: optionalText("referrer", TWITCH_MESSAGES.referrer, TWITCH_LIMITS.referrer),
    /** The single-use value 'Connect Twitch' put in the authorize URL; Twitch hands it back unchanged. */
    state: optionalText("state", TWITCH_MESSAGES.state, TWITCH_LIMITS.state, /^[A-Za-z0-9_-]+$/),
  })
  .refine((body) => body.accessToken !== undefined || body.authCode !== undefined, {
    message: TWITCH_MESSAGES.tokenOrCodeRequired,
  });

export type TwitchCallbackInput = z.output<typeof twitchCallbackSchema>;

/** `POST /api/admin/twitch/connect`: where to send the owner's browser, and until when its state is valid. */
export interface TwitchConnectAnswer {
  authorizeUrl: string;
  /** ISO 8601. */
  expiresAt: string;
}

/** `GET /api/admin/twitch`: whether Twitch is connected, never the token itself. */
export interface TwitchStatus {
  connected: boolean;
  scope: string[];
  tokenType: string | null;
  /** When the server stored the authorization (ISO 8601), or null. */
  connectedAt: string | null;
  hasAccessToken: boolean;
  hasAuthCode: boolean;
  /** Whether the stored credential is encrypted (TWITCH_TOKEN_KEY was set when it was stored). */
  encrypted: boolean;
}
