/**
 * 7TV: `GET {base}/emote-sets/global` (an emote set) and `GET {base}/users/twitch/{twitchUserId}` ({emote_set:
 * {id, emotes}}, 404 for a channel without 7TV). An emote set's emotes are {id, name, flags, data: {animated,
 * flags, host: {url: "//cdn.7tv.app/emote/ID", files: [{name: "1x.webp", width, height, format}]}}}; the
 * active emote's flag 1 (or the emote's own flag 256) makes it zero-width.
 */
import { absoluteUrl, asArray, asNumber, asString, isObject, type Json, type ThirdPartyEmote } from "./emote.ts";

export const SEVENTV_ACTIVE_ZERO_WIDTH = 1 << 0;
export const SEVENTV_EMOTE_ZERO_WIDTH = 1 << 8;

export const seventvGlobalUrl = (base: string) => `${base}/emote-sets/global`;
export const seventvChannelUrl = (base: string, twitchUserId: string) =>
  `${base}/users/twitch/${encodeURIComponent(twitchUserId)}`;

function fileUrl(
  hostUrl: string,
  files: Json[],
  scale: string,
): { url: string; width?: number; height?: number } | null {
  const byName = (name: string) =>
    files.find((file) => isObject(file) && file.name === name) as Record<string, Json> | undefined;
  // WebP plays everywhere the widget runs (OBS's Chromium included); AVIF and GIF are fallbacks.
  const file = byName(`${scale}.webp`) ?? byName(`${scale}.gif`) ?? byName(`${scale}.avif`) ?? byName(`${scale}.png`);
  const name = file ? asString(file.name) : null;
  if (!file || !name) return null;
  return { url: `${absoluteUrl(hostUrl)}/${name}`, width: asNumber(file.width), height: asNumber(file.height) };
}

function toEmote(entry: Json): ThirdPartyEmote | null {
  if (!isObject(entry) || !isObject(entry.data)) return null;
  const data = entry.data;
  const id = asString(entry.id) ?? asString(data.id);
  const code = asString(entry.name) ?? asString(data.name);
  if (!id || !code || /\s/.test(code) || !isObject(data.host)) return null;
  const hostUrl = asString(data.host.url);
  const files = asArray(data.host.files);
  if (!hostUrl) return null;
  const one = fileUrl(hostUrl, files, "1x");
  if (!one) return null;
  const more = ["2x", "3x"].flatMap((scale) => {
    const file = fileUrl(hostUrl, files, scale);
    return file ? [`${file.url} ${scale}`] : [];
  });
  const activeFlags = typeof entry.flags === "number" ? entry.flags : 0;
  const emoteFlags = typeof data.flags === "number" ? data.flags : 0;
  return {
    provider: "7tv",
    id,
    code,
    src: one.url,
    srcSet: more.length ? more.join(", ") : undefined,
    zeroWidth: (activeFlags & SEVENTV_ACTIVE_ZERO_WIDTH) !== 0 || (emoteFlags & SEVENTV_EMOTE_ZERO_WIDTH) !== 0,
    animated: data.animated === true,
    width: one.width,
    height: one.height,
  };
}

export function parseSeventvSet(body: Json): ThirdPartyEmote[] {
  return isObject(body) ? asArray(body.emotes).flatMap((entry) => toEmote(entry) ?? []) : [];
}

export function parseSeventvUser(body: Json): { setId: string | null; emotes: ThirdPartyEmote[] } {
  if (!isObject(body) || !isObject(body.emote_set)) return { setId: null, emotes: [] };
  return { setId: asString(body.emote_set.id), emotes: parseSeventvSet(body.emote_set) };
}
