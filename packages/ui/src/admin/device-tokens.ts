/**
 * How the admin panel describes a desktop app's device token (its last use and the revoke question), and
 * whose tokens a list shows: your own in the Settings tab, a user's in the Users tab's Devices panel.
 */
import type { DeviceTokenView } from "@portfolio/core/domain";
import type { ApiClient } from "../api/api-client.ts";
import { formatDate, formatDateTime, relativeTime } from "./dates.ts";

export const DEVICE_TOKEN_MESSAGES = {
  empty: "No desktop app is connected to your account.",
  neverUsed: "Never used",
  revokeFailed: "The device token was not revoked.",
} as const;

/** 'Last used 5 minutes ago', or 'Never used' for a token the desktop app has not called with yet. */
export function lastUseText(token: Pick<DeviceTokenView, "lastUsedAt">, now: Date = new Date()): string {
  return token.lastUsedAt ? `Last used ${relativeTime(token.lastUsedAt, now)}` : DEVICE_TOKEN_MESSAGES.neverUsed;
}

export function createdText(token: Pick<DeviceTokenView, "createdAt">): string {
  return `created ${formatDateTime(token.createdAt)}`;
}

/** Unused tokens expire (DEVICE_TOKEN_IDLE_DAYS after their last use): the date it stops working unless used. */
export function expiryText(token: Pick<DeviceTokenView, "expiresAt">): string {
  return `expires ${formatDate(token.expiresAt)} unless used`;
}

/** The question before revoking; `username` names the account when it is not yours. */
export function revokeQuestion(name: string, username?: string): string {
  const token = username ? `"${username}"'s device token "${name}"` : `the device token "${name}"`;
  return `Revoke ${token}? The desktop app that holds it stops syncing until it connects again.`;
}

export function revokedMessage(name: string, username?: string): string {
  return username ? `Device token "${name}" of "${username}" revoked.` : `Device token "${name}" revoked.`;
}

/** Whose tokens a list shows, in words, and the two calls that read and revoke them. */
export interface DeviceTokenSource {
  /** Names the list in its loading and error lines: "your device tokens". */
  what: string;
  empty: string;
  /** The account's name when the tokens are not yours (the revoke question names it). */
  username?: string;
  load(): Promise<DeviceTokenView[]>;
  revoke(tokenId: string): Promise<void>;
}

export function ownDeviceTokens(api: Pick<ApiClient, "call">): DeviceTokenSource {
  return {
    what: "your device tokens",
    empty: DEVICE_TOKEN_MESSAGES.empty,
    load: () => api.call("sync.tokens.list", {}).then((answer) => answer.tokens),
    revoke: (tokenId) => api.call("sync.tokens.revoke", { id: tokenId }),
  };
}

/** A user's tokens, as staff with users:edit see them in the Users tab. */
export function userDeviceTokens(
  api: Pick<ApiClient, "call">,
  user: { _id: string; username: string },
): DeviceTokenSource {
  return {
    what: `the device tokens of "${user.username}"`,
    empty: `No desktop app is connected to the account "${user.username}".`,
    username: user.username,
    load: () => api.call("users.deviceTokens.list", { id: user._id }).then((answer) => answer.tokens),
    revoke: (tokenId) => api.call("users.deviceTokens.revoke", { id: user._id, tokenId }),
  };
}
