/**
 * The chat box's settings, all in its URL: `/twitchchatwidget?channel=name&fade=30&limit=20&bots=nightbot,…`.
 * `server` points it at another IRC WebSocket, but only on this machine (tests and local development).
 */
import { loopbackSocketUrl } from "../../common/loopback.ts";
import { isDemo, loopbackHttpBase, readBool, readInt, readText, setIfNotDefault } from "../params.ts";
import { DEFAULT_PROVIDER_BASES, EMOTE_PROVIDERS, type EmoteProvider, type ProviderBases } from "./emotes/emote.ts";

export const DEFAULT_BOTS = [
  "nightbot",
  "streamelements",
  "moobot",
  "fossabot",
  "streamlabs",
  "wizebot",
  "soundalerts",
];

export interface ChatOptions {
  /** Lower-case login, '' when none is set. */
  channel: string;
  /** Seconds after which a message fades out; 0 = never. */
  fadeSeconds: number;
  maxLines: number;
  hideCommands: boolean;
  hiddenUsers: string[];
  showBadges: boolean;
  fontSize: number;
  /** A loopback ws:// address to use instead of Twitch's; null = Twitch. */
  server: string | null;
  /** Third-party emotes drawn in chat (each on unless `bttv=0`, `ffz=0`, `7tv=0`). */
  emotes: Record<EmoteProvider, boolean>;
  /** Where each provider's API is: its real host, or (`bttvApi=`, `ffzApi=`, `7tvApi=`) one on this machine. */
  emoteBases: ProviderBases;
  demo: boolean;
}

/** The URL parameter that switches a provider's emotes off, and the one that moves its API (loopback only). */
export const EMOTE_PARAMS: Record<EmoteProvider, { toggle: string; base: string }> = {
  bttv: { toggle: "bttv", base: "bttvApi" },
  ffz: { toggle: "ffz", base: "ffzApi" },
  "7tv": { toggle: "7tv", base: "7tvApi" },
};

export function enabledProviders(options: ChatOptions): EmoteProvider[] {
  return EMOTE_PROVIDERS.filter((provider) => options.emotes[provider]);
}

export const CHAT_DEFAULTS: ChatOptions = {
  channel: "",
  fadeSeconds: 0,
  maxLines: 20,
  hideCommands: true,
  hiddenUsers: DEFAULT_BOTS,
  showBadges: true,
  fontSize: 18,
  server: null,
  emotes: { bttv: true, ffz: true, "7tv": true },
  emoteBases: DEFAULT_PROVIDER_BASES,
  demo: false,
};

export const CHAT_LIMITS = {
  fadeSeconds: { min: 0, max: 3600 },
  maxLines: { min: 1, max: 100 },
  fontSize: { min: 10, max: 64 },
} as const;

/**
 * A Twitch login from what a streamer may paste: `name`, `#Name`, `twitch.tv/name` or the channel's URL.
 * '' when it is not one.
 */
export function normalizeChannel(input: string): string {
  let text = input.trim();
  const fromUrl = /^(?:https?:\/\/)?(?:www\.|m\.)?twitch\.tv\/([^/?#\s]+)/i.exec(text);
  if (fromUrl?.[1]) text = fromUrl[1];
  text = text.replace(/^#/, "").toLowerCase();
  return /^[a-z0-9_]{1,25}$/.test(text) ? text : "";
}

export function parseUserList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map((name) => name.replace(/^@/, "").toLowerCase())
        .filter((name) => /^[a-z0-9_]{1,25}$/.test(name)),
    ),
  ];
}

export function readChatOptions(params: URLSearchParams): ChatOptions {
  const bots = params.get("bots");
  return {
    channel: normalizeChannel(params.get("channel") ?? ""),
    fadeSeconds: readInt(params, "fade", { fallback: CHAT_DEFAULTS.fadeSeconds, ...CHAT_LIMITS.fadeSeconds }),
    maxLines: readInt(params, "limit", { fallback: CHAT_DEFAULTS.maxLines, ...CHAT_LIMITS.maxLines }),
    hideCommands: readBool(params, "hideCommands", CHAT_DEFAULTS.hideCommands),
    hiddenUsers: bots === null ? DEFAULT_BOTS : parseUserList(readText(params, "bots", "", 500)),
    showBadges: readBool(params, "badges", CHAT_DEFAULTS.showBadges),
    fontSize: readInt(params, "size", { fallback: CHAT_DEFAULTS.fontSize, ...CHAT_LIMITS.fontSize }),
    server: loopbackSocketUrl(params.get("server"))?.href ?? null,
    emotes: {
      bttv: readBool(params, EMOTE_PARAMS.bttv.toggle, true),
      ffz: readBool(params, EMOTE_PARAMS.ffz.toggle, true),
      "7tv": readBool(params, EMOTE_PARAMS["7tv"].toggle, true),
    },
    emoteBases: {
      bttv: loopbackHttpBase(params.get(EMOTE_PARAMS.bttv.base)) ?? DEFAULT_PROVIDER_BASES.bttv,
      ffz: loopbackHttpBase(params.get(EMOTE_PARAMS.ffz.base)) ?? DEFAULT_PROVIDER_BASES.ffz,
      "7tv": loopbackHttpBase(params.get(EMOTE_PARAMS["7tv"].base)) ?? DEFAULT_PROVIDER_BASES["7tv"],
    },
    demo: isDemo(params),
  };
}

export function chatOptionsToParams(options: ChatOptions): URLSearchParams {
  const params = new URLSearchParams();
  if (options.channel) params.set("channel", options.channel);
  setIfNotDefault(params, "fade", options.fadeSeconds, CHAT_DEFAULTS.fadeSeconds);
  setIfNotDefault(params, "limit", options.maxLines, CHAT_DEFAULTS.maxLines);
  setIfNotDefault(params, "hideCommands", options.hideCommands, CHAT_DEFAULTS.hideCommands);
  const bots = options.hiddenUsers.join(",");
  setIfNotDefault(params, "bots", bots, DEFAULT_BOTS.join(","));
  setIfNotDefault(params, "badges", options.showBadges, CHAT_DEFAULTS.showBadges);
  setIfNotDefault(params, "size", options.fontSize, CHAT_DEFAULTS.fontSize);
  if (options.server) params.set("server", options.server);
  for (const provider of EMOTE_PROVIDERS) {
    const names = EMOTE_PARAMS[provider];
    setIfNotDefault(params, names.toggle, options.emotes[provider], true);
    setIfNotDefault(params, names.base, options.emoteBases[provider], DEFAULT_PROVIDER_BASES[provider]);
  }
  if (options.demo) params.set("demo", "1");
  return params;
}

/** Whether the URL says enough to run the chat box (else the page shows its URL builder). */
export function chatIsConfigured(options: ChatOptions): boolean {
  return options.channel !== "" || options.demo;
}
