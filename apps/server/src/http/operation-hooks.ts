/**
 * The few operations that need more of HTTP than the generic loop gives, each said once: rate limits ahead of
 * the handler, the public reads answered from their cache (public-reads/), a compressed answer for playlists,
 * and that cache dropped after every project or profile write, and the visit beacon answered before it is counted.
 */
import type { OperationName } from "@portfolio/core/domain";
import type { RequestHandler } from "express";
import type { AppContext } from "../app-context.ts";
import { pictureUploadIntake } from "./picture-upload.ts";
import { playlistHandlers } from "./playlist-endpoint.ts";
import { PUBLIC_READS, publicReadHandler } from "./public-reads/public-reads.ts";
import { visitBeaconHandler } from "./visit-beacon.ts";

export interface OperationHook {
  /** Middleware ahead of the operation (rate limits). */
  before?: RequestHandler[];
  /** Answers in place of the generic handler; it still validates through the registry. */
  handler?: RequestHandler;
  /** After a successful generic run. */
  after?: () => void;
}

export type OperationHooks = Partial<Record<OperationName, OperationHook>>;

export function operationHooks(app: AppContext): OperationHooks {
  const { rateLimits, publicReads } = app;
  const dropPublicReads = { after: () => publicReads.invalidate() };
  const playlist = playlistHandlers(app);
  return {
    "auth.login": { before: rateLimits.login },
    // Each asks a signed-in user's password again: wrong guesses are limited per user (docs/security.md).
    "account.changePassword": { before: rateLimits.passwordConfirm },
    "sync.tokens.create": { before: rateLimits.passwordConfirm },
    "auth.secondFactor": { before: rateLimits.secondFactor },
    "auth.passkey": { before: rateLimits.secondFactor },
    "auth.passkey.options": { before: rateLimits.login.slice(0, 1) },
    // Each asks for the password again: wrong passwords are limited per signed-in user (docs/security.md).
    "account.totp.start": { before: rateLimits.passwordConfirm },
    "account.totp.remove": { before: rateLimits.passwordConfirm },
    "account.recoveryCodes.renew": { before: rateLimits.passwordConfirm },
    "account.passkeys.options": { before: rateLimits.passwordConfirm },
    "account.passkeys.delete": { before: rateLimits.passwordConfirm },
    "auth.signup": { before: rateLimits.signup },
    "auth.forgotPassword": { before: rateLimits.forgot },
    "auth.resetToken.check": { before: rateLimits.resetTokenCheck },
    "auth.emailChange.check": { before: rateLimits.emailChangeCheck },
    "auth.invitation.check": { before: rateLimits.invitationCheck },
    "twitch.callback": { before: rateLimits.twitchCallback },
    ...Object.fromEntries(PUBLIC_READS.map((name) => [name, { handler: publicReadHandler(app, name) }])),
    "projects.create": dropPublicReads,
    "projects.update": dropPublicReads,
    "projects.delete": dropPublicReads,
    "projects.pictures.add": { before: pictureUploadIntake(app), ...dropPublicReads },
    "projects.restore": dropPublicReads,
    "trash.restore": dropPublicReads,
    "sync.push": dropPublicReads,
    "profile.update": dropPublicReads,
    "profile.restore": dropPublicReads,
    // Uncached playlists spend YouTube quota, so only those pass the per-IP limit.
    // Answered before it is counted, and never waits on the database (visit-beacon.ts).
    "visits.record": { handler: visitBeaconHandler(app) },
    "tools.playlist": { before: [playlist.serveUnlimited, ...rateLimits.playlist], handler: playlist.serve },
  };
}
