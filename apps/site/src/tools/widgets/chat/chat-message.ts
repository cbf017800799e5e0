/** A chat line as the widget shows it: name, colour, badges, and text split into words and Twitch emotes. */
import type { ThirdPartyEmote } from "./emotes/emote.ts";
import { type IrcMessage, nickOf } from "./irc.ts";
import { nameColor } from "./name-color.ts";

/**
 * Text, a Twitch emote (from the message's `emotes` tag) or a BTTV/FFZ/7TV emote; an emote may carry
 * zero-width emotes drawn over it.
 */
export type Fragment =
  | { type: "text"; text: string }
  | { type: "emote"; id: string; name: string; overlays?: ThirdPartyEmote[] }
  | { type: "extra"; emote: ThirdPartyEmote; overlays?: ThirdPartyEmote[] };

export interface Badge {
  kind: string;
  label: string;
}

export interface ChatMessage {
  id: string;
  userId: string;
  login: string;
  displayName: string;
  color: string;
  badges: Badge[];
  /** The plain text (for filters such as commands). */
  text: string;
  fragments: Fragment[];
  /** A `/me` message, drawn in the chatter's colour. */
  action: boolean;
  receivedAt: number;
}

/** Badges Twitch gives out widely, drawn by the widget itself (their images need an authenticated API). */
export const BADGE_LABELS: Record<string, string> = {
  broadcaster: "Broadcaster",
  moderator: "Moderator",
  vip: "VIP",
  subscriber: "Subscriber",
  founder: "Founder",
  partner: "Verified",
  staff: "Staff",
  admin: "Admin",
  turbo: "Turbo",
  premium: "Prime Gaming",
  bits: "Bits",
  artist: "Artist",
};

export function parseBadges(tag: string | undefined): Badge[] {
  if (!tag) return [];
  const badges: Badge[] = [];
  for (const entry of tag.split(",")) {
    const kind = entry.split("/")[0] ?? "";
    const label = BADGE_LABELS[kind];
    if (label && !badges.some((b) => b.kind === kind)) badges.push({ kind, label });
  }
  return badges;
}

export function emoteUrl(id: string, scale: "1.0" | "2.0" | "3.0" = "1.0"): string {
  return `https://static-cdn.jtvnw.net/emoticons/v2/${encodeURIComponent(id)}/default/dark/${scale}`;
}

/**
 * Splits `text` by the `emotes` tag (`25:0-4,12-16/1902:6-10`). Positions count Unicode characters (code
 * points), not UTF-16 units, so emoji before an emote do not shift it. Bad or overlapping ranges are ignored.
 */
export function emoteFragments(text: string, emotesTag: string | undefined): Fragment[] {
  const chars = Array.from(text);
  const ranges: { id: string; start: number; end: number }[] = [];
  for (const group of (emotesTag ?? "").split("/")) {
    const colon = group.indexOf(":");
    if (colon <= 0) continue;
    const id = group.slice(0, colon);
    for (const span of group.slice(colon + 1).split(",")) {
      const match = /^(\d+)-(\d+)$/.exec(span);
      if (!match) continue;
      const start = Number(match[1]);
      const end = Number(match[2]);
      if (start <= end && end < chars.length) ranges.push({ id, start, end });
    }
  }
  ranges.sort((a, b) => a.start - b.start);
  const fragments: Fragment[] = [];
  let at = 0;
  for (const range of ranges) {
    if (range.start < at) continue;
    if (range.start > at) fragments.push({ type: "text", text: chars.slice(at, range.start).join("") });
    fragments.push({ type: "emote", id: range.id, name: chars.slice(range.start, range.end + 1).join("") });
    at = range.end + 1;
  }
  if (at < chars.length) fragments.push({ type: "text", text: chars.slice(at).join("") });
  return fragments;
}

/** CTCP ACTION (`/me`) messages are wrapped in \x01ACTION … \x01. */
const SOH = String.fromCharCode(1);

function actionText(raw: string): string | null {
  return raw.startsWith(`${SOH}ACTION `) && raw.endsWith(SOH) && raw.length > 8 ? raw.slice(8, -1) : null;
}

/** A PRIVMSG as a chat message; null for anything else. */
export function toChatMessage(message: IrcMessage, receivedAt: number): ChatMessage | null {
  if (message.command !== "PRIVMSG") return null;
  const raw = message.params[1] ?? "";
  const action = actionText(raw);
  const text = action ?? raw;
  const login = message.tags.login || nickOf(message.prefix);
  const display = message.tags["display-name"]?.trim() || login;
  // Twitch shows localized names with the login beside them: "日本語 (nihongo)".
  const displayName = display.toLowerCase() === login || !login ? display : `${display} (${login})`;
  return {
    id: message.tags.id || `${login}:${receivedAt}:${Math.random().toString(36).slice(2)}`,
    userId: message.tags["user-id"] ?? "",
    login,
    displayName,
    color: nameColor(message.tags.color, login),
    badges: parseBadges(message.tags.badges),
    text,
    fragments: emoteFragments(text, message.tags.emotes),
    action: action !== null,
    receivedAt,
  };
}
