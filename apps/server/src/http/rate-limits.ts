/**
 * Rate limits of SECURITY 8: login per IP, per username+IP and per account across IPs, forgot-password per
 * e-mail and per IP.
 */
import { MESSAGES } from "@portfolio/core/domain";
import type { Request, RequestHandler } from "express";
import { ipKeyGenerator, rateLimit } from "express-rate-limit";

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
};

const ip = (req: Request) => ipKeyGenerator(req.ip ?? "unknown");
const bodyField = (req: Request, field: string) => {
  const value = (req.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === "string" ? value.trim().toLowerCase().slice(0, 254) : "";
};

function limiter(
  windowMs: number,
  limit: number,
  message: string,
  key: (req: Request) => string,
  onlyFailures = false,
): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    keyGenerator: key,
    skipSuccessfulRequests: onlyFailures,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({ error: message });
    },
  });
}

export function createRateLimits(settings: RateLimitSettings) {
  const { windowMs } = settings;
  return {
    login: [
      limiter(windowMs, settings.loginPerIp, MESSAGES.tooManyLogins, ip),
      // Only failed attempts count per name, so a user who logs in often is never locked out.
      limiter(
        windowMs,
        settings.loginPerUsername,
        MESSAGES.tooManyLogins,
        (req) => `${ip(req)}|${bodyField(req, "username")}`,
        true,
      ),
      limiter(
        windowMs,
        settings.loginPerAccount,
        MESSAGES.tooManyLogins,
        (req) => `account|${bodyField(req, "username")}`,
        true,
      ),
    ],
    forgot: [
      limiter(windowMs, settings.forgotPerIp, MESSAGES.tooManyRequests, ip),
      limiter(windowMs, settings.forgotPerEmail, MESSAGES.tooManyRequests, (req) => `email|${bodyField(req, "email")}`),
    ],
    signup: [limiter(windowMs, settings.signupPerIp, MESSAGES.tooManyRequests, ip)],
    playlist: [limiter(windowMs, settings.playlistPerIp, MESSAGES.tooManyRequests, ip)],
    twitchCallback: [limiter(windowMs, settings.twitchCallbackPerIp, MESSAGES.tooManyRequests, ip)],
  };
}
