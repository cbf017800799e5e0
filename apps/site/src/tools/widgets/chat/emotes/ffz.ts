/**
 * FrankerFaceZ: `GET {base}/set/global` ({default_sets: [3], sets: {"3": {emoticons: [...]}}}) and
 * `GET {base}/room/id/{twitchUserId}` ({room: {set}, sets: {...}}, 404 for a channel without FFZ). Each
 * emoticon is {id, name, width, height, urls: {"1", "2", "4"}, animated?: {"1", "2", "4"}}; its addresses
 * are absolute (or protocol-relative), so a fake names its own.
 */
import { absoluteUrl, asArray, asNumber, asString, isObject, type Json, type ThirdPartyEmote } from "./emote.ts";

export const ffzGlobalUrl = (base: string) => `${base}/set/global`;
export const ffzChannelUrl = (base: string, twitchUserId: string) =>
  `${base}/room/id/${encodeURIComponent(twitchUserId)}`;

function toEmote(entry: Json): ThirdPartyEmote | null {
  if (!isObject(entry)) return null;
  const id = asString(entry.id);
  const code = asString(entry.name);
  // An animated emote has its own (webp) addresses; the plain ones are its first frame.
  const animated = isObject(entry.animated);
  const urls = animated ? entry.animated : entry.urls;
  if (!id || !code || /\s/.test(code) || !isObject(urls)) return null;
  const one = asString(urls["1"]);
  if (!one) return null;
  const more = (["2", "4"] as const)
    .map((scale) => {
      const url = asString(urls[scale]);
      return url ? `${absoluteUrl(url)} ${scale}x` : null;
    })
    .filter((part): part is string => part !== null);
  return {
    provider: "ffz",
    id,
    code,
    src: absoluteUrl(one),
    srcSet: more.length ? more.join(", ") : undefined,
    // FFZ's modifiers (its zero-width kind) are flagged on the emote.
    zeroWidth: entry.modifier === true,
    animated,
    width: asNumber(entry.width),
    height: asNumber(entry.height),
  };
}

function setEmotes(sets: Json, ids: Json[]): ThirdPartyEmote[] {
  if (!isObject(sets)) return [];
  return ids.flatMap((id) => {
    const set = sets[String(id)];
    return isObject(set) ? asArray(set.emoticons).flatMap((entry) => toEmote(entry) ?? []) : [];
  });
}

export function parseFfzGlobal(body: Json): ThirdPartyEmote[] {
  if (!isObject(body)) return [];
  const defaults = asArray(body.default_sets);
  return setEmotes(body.sets, defaults.length ? defaults : Object.keys(isObject(body.sets) ? body.sets : {}));
}

export function parseFfzChannel(body: Json): ThirdPartyEmote[] {
  if (!isObject(body) || !isObject(body.sets)) return [];
  // The room's own set first; any other set it answers with is the channel's too.
  const own = isObject(body.room) ? body.room.set : undefined;
  const ids = Object.keys(body.sets).sort((a, b) => Number(b === String(own)) - Number(a === String(own)));
  return setEmotes(body.sets, ids);
}
