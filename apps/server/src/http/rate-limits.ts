/**
 * Rate limits (docs/security.md): login per IP, per username+IP and per account across IPs, forgot-password
 * per e-mail and per IP; calls that ask for the password again per signed-in user; and sync pushes per
 * credential. Counts live in the database (one store per limiter, by name), so they survive a
 * restart and are shared by every instance on the same database. A limit that guards an account is keyed by
 * that account, never by an empty field, so no one can spend it for everybody (docs/security.md).
 */
import { createHash } from "node:crypto";
import type { Database } from "@portfolio/core/data";
import { MESSAGES } from "@portfolio/core/domain";
import type { Request, RequestHandler } from "express";
import { ipKeyGenerator, rateLimit } from "express-rate-limit";
import type { Kysely } from "kysely";
import { bearerToken } from "../sync/bearer.ts";
import type { InFlight } from "./in-flight.ts";
import { createDatabaseRateLimitStore } from "./rate-limit-store.ts";
import { readCookie, SESSION_COOKIE } from "./session-cookie.ts";

export interface RateLimitSettings {
  windowMs: number;
  loginPerIp: number;
  loginPerUsername: number;
  /** Failed logins for one account from any address: an attacker rotating IPs meets this one. */
  loginPerAccount: number;
  forgotPerEmail: number;
  forgotPerIp: number;
  signupPerIp: number;
  /** GET /api/youtube-playlist?playlistId=: an uncached playlist spends YouTube quota. */
  playlistPerIp: number;
  twitchCallbackPerIp: number;
  /**
   * POST /api/sync/push per credential (device token or session). A desktop pushes every 30 s, and 500 ops
   * per push while it catches up: 600 a window is one push every 1.5 s for 15 minutes, which no real
   * desktop keeps up, while a stolen or scripted token cannot hammer the 4 MB parser.
   */
  syncPushPerCredential: number;
  /**
   * Failed calls that ask a signed-in user's password again (minting a device token, changing the password,
   * setting up or removing an authenticator, new recovery codes, passkey options), per user.
   */
  passwordConfirmPerUser: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  windowMs: 15 * 60 * 1000,
  loginPerIp: 50,
  loginPerUsername: 10,
  // Above the per-address limit, so one mistyping user never trips it; low enough to stop a spread-out guess.
  loginPerAccount: 30,
  forgotPerEmail: 5,
  forgotPerIp: 20,
  signupPerIp: 20,
  playlistPerIp: 60,
  twitchCallbackPerIp: 20,
  syncPushPerCredential: 600,
  // Like one address's wrong logins: enough for a user's own typos, few for a stolen cookie guessing.
  passwordConfirmPerUser: 10,
};

const ip = (req: Request) => ipKeyGenerator(req.ip ?? "unknown");
const bodyField = (req: Request, field: string) => {
  const value = (req.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === "string" ? value.trim().toLowerCase().slice(0, 254) : "";
};

/**
 * The caller's credential, hashed (the counts table never holds a usable token): the device token when
 * present, since it alone decides who calls; else the session cookie. Run only after the caller is known.
 */
const credential = (req: Request) => {
  const secret = bearerToken(req) ?? readCookie(req, SESSION_COOKIE) ?? "";
  return createHash("sha256").update(secret).digest("hex");
};

/** Where the counts are kept, and the clock that opens and ends windows (a test's controllable one). */
export interface RateLimitStorage {
  /** The signed-in user a request comes from (the session or device token), if any. */
  signedInUser: (req: Request) => Promise<string | undefined>;
  db: Kysely<Database>;
  now?: () => number;
  /** Where work that runs after the answer is tracked, so the database outlives it. */
  inFlight?: InFlight;
  /** Told of each refusal, by limiter name (the metrics). */
  onRefused?: (limiter: string) => void;
}

export function createRateLimits(settings: RateLimitSettings, storage: RateLimitStorage) {
  const { windowMs } = settings;
  /** One limiter; `name` keys its rows in the database, so it must be unique and stable across releases. */
  const limiter = (
    name: string,
    limit: number,
    message: string,
    key: (req: Request) => string | Promise<string>,
    onlyFailures = false,
    /** Requests this limit does not count (e.g. no name to key them by). */
    skip?: (req: Request) => boolean | Promise<boolean>,
  ): RequestHandler =>
    rateLimit({
      windowMs,
      limit,
      keyGenerator: key,
      ...(skip ? { skip } : {}),
      store: createDatabaseRateLimitStore(storage.db, name, { now: storage.now, inFlight: storage.inFlight }),
      skipSuccessfulRequests: onlyFailures,
      standardHeaders: "draft-8",
      legacyHeaders: false,
      handler: (_req, res) => {
        storage.onRefused?.(name);
        res.status(429).json({ error: message });
      },
    });
  // An empty name is refused by the login itself; counted, it would share one bucket with every other.
  const noUsername = (req: Request) => bodyField(req, "username") === "";
  const userKey = async (req: Request) => `user|${(await storage.signedInUser(req)) ?? ""}`;
  const anonymous = async (req: Request) => (await storage.signedInUser(req)) === undefined;
  return {
    login: [
      limiter("login-ip", settings.loginPerIp, MESSAGES.tooManyLogins, ip),
      // Only failed attempts count per name, so a user who logs in often is never locked out.
      limiter(
        "login-name",
        settings.loginPerUsername,
        MESSAGES.tooManyLogins,
        (req) => `${ip(req)}|${bodyField(req, "username")}`,
        true,
        noUsername,
      ),
      limiter(
        "login-account",
        settings.loginPerAccount,
        MESSAGES.tooManyLogins,
        (req) => `account|${bodyField(req, "username")}`,
        true,
        noUsername,
      ),
    ],
    // Calls that ask for the password again: wrong passwords per signed-in user. Their bodies carry no
    // username, and an address is not who guesses: a stolen session guesses from anywhere. Without a session
    // the policy refuses the call before any password is read.
    passwordConfirm: [
      limiter(
        "password-confirm-user",
        settings.passwordConfirmPerUser,
        MESSAGES.tooManyPasswordTries,
        userKey,
        true,
        anonymous,
      ),
    ],
    // The second step of a login: wrong answers per address like wrong passwords; each step also
    // ends itself after five.
    secondFactor: [
      limiter("second-factor-ip", settings.loginPerIp, MESSAGES.tooManyLogins, ip),
      limiter("second-factor-failures", settings.loginPerUsername, MESSAGES.tooManyLogins, ip, true),
    ],
    forgot: [
      limiter("forgot-ip", settings.forgotPerIp, MESSAGES.tooManyRequests, ip),
      limiter(
        "forgot-email",
        settings.forgotPerEmail,
        MESSAGES.tooManyRequests,
        (req) => `email|${bodyField(req, "email")}`,
      ),
    ],
    // Checking a reset link is limited like asking for one: no address is guessed at faster through it.
    resetTokenCheck: [limiter("reset-check-ip", settings.forgotPerIp, MESSAGES.tooManyRequests, ip)],
    // So are the checks of an address confirmation and of an invitation.
    emailChangeCheck: [limiter("email-check-ip", settings.forgotPerIp, MESSAGES.tooManyRequests, ip)],
    invitationCheck: [limiter("invitation-check-ip", settings.forgotPerIp, MESSAGES.tooManyRequests, ip)],
    signup: [limiter("signup-ip", settings.signupPerIp, MESSAGES.tooManyRequests, ip)],
    playlist: [limiter("playlist-ip", settings.playlistPerIp, MESSAGES.tooManyRequests, ip)],
    twitchCallback: [limiter("twitch-callback-ip", settings.twitchCallbackPerIp, MESSAGES.tooManyRequests, ip)],
    syncPush: [limiter("sync-push-credential", settings.syncPushPerCredential, MESSAGES.tooManyRequests, credential)],
  };
}
