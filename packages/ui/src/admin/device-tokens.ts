/** How the Settings tab describes a desktop app's device token: its last use and the revoke question. */
import type { DeviceTokenView } from "@portfolio/core/domain";
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

export function revokeQuestion(name: string): string {
  return `Revoke the device token "${name}"? The desktop app that holds it stops syncing until it connects again.`;
}

export function revokedMessage(name: string): string {
  return `Device token "${name}" revoked.`;
}
