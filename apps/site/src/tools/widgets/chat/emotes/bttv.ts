/**
 * BetterTTV: `GET {base}/cached/emotes/global` (an array of {id, code, imageType, animated}) and
 * `GET {base}/cached/users/twitch/{twitchUserId}` ({channelEmotes, sharedEmotes}, 404 for a channel without
 * BTTV). Pictures are `https://cdn.betterttv.net/emote/{id}/1x` (2x, 3x); with a base on this machine (a
 * fake), `{base}/emote/{id}/1x`.
 */
import { asArray, asString, DEFAULT_PROVIDER_BASES, isObject, type Json, type ThirdPartyEmote } from "./emote.ts";

const BTTV_CDN = "https://cdn.betterttv.net";

/** BTTV's own list of global emotes drawn over the one before them (its extension hard-codes them too). */
export const BTTV_ZERO_WIDTH = new Set([
  "SoSnowy",
  "IceCold",
  "SantaHat",
  "TopHat",
  "ReinDeer",
  "CandyCane",
  "cvMask",
  "cvHazmat",
]);

export const bttvGlobalUrl = (base: string) => `${base}/cached/emotes/global`;
export const bttvChannelUrl = (base: string, twitchUserId: string) =>
  `${base}/cached/users/twitch/${encodeURIComponent(twitchUserId)}`;

function cdnFor(base: string): string {
  return base === DEFAULT_PROVIDER_BASES.bttv ? BTTV_CDN : new URL(base).origin;
}

function toEmote(entry: Json, cdn: string): ThirdPartyEmote | null {
  if (!isObject(entry)) return null;
  const id = asString(entry.id);
  const code = asString(entry.code);
  if (!id || !code || /\s/.test(code)) return null;
  const picture = (scale: string) => `${cdn}/emote/${encodeURIComponent(id)}/${scale}`;
  return {
    provider: "bttv",
    id,
    code,
    src: picture("1x"),
    srcSet: `${picture("2x")} 2x, ${picture("3x")} 3x`,
    zeroWidth: BTTV_ZERO_WIDTH.has(code),
    animated: entry.animated === true || entry.imageType === "gif",
  };
}

function toEmotes(list: Json, cdn: string): ThirdPartyEmote[] {
  return asArray(list).flatMap((entry) => toEmote(entry, cdn) ?? []);
}

export function parseBttvGlobal(body: Json, base = DEFAULT_PROVIDER_BASES.bttv): ThirdPartyEmote[] {
  return toEmotes(body, cdnFor(base));
}

export function parseBttvChannel(body: Json, base = DEFAULT_PROVIDER_BASES.bttv): ThirdPartyEmote[] {
  if (!isObject(body)) return [];
  const cdn = cdnFor(base);
  return [...toEmotes(body.channelEmotes, cdn), ...toEmotes(body.sharedEmotes, cdn)];
}
