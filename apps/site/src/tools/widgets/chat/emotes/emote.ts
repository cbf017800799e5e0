/** A third-party emote (BetterTTV, FrankerFaceZ, 7TV) as the chat box draws it: a word replaced by a picture. */

export type EmoteProvider = "bttv" | "ffz" | "7tv";

export const EMOTE_PROVIDERS: readonly EmoteProvider[] = ["bttv", "ffz", "7tv"];

export const PROVIDER_NAMES: Record<EmoteProvider, string> = {
  bttv: "BetterTTV",
  ffz: "FrankerFaceZ",
  "7tv": "7TV",
};

export interface ThirdPartyEmote {
  provider: EmoteProvider;
  id: string;
  /** The word that stands for it in chat (case-sensitive, as on every provider). */
  code: string;
  src: string;
  /** `srcset` for sharper pictures on high-density screens, when the provider has them. */
  srcSet?: string;
  /** Drawn over the emote before it (hats, masks) instead of beside it. */
  zeroWidth: boolean;
  animated: boolean;
  /** At 1x, when the provider says: lets the line keep its size before the picture loads. */
  width?: number;
  height?: number;
}

/** Where each provider's JSON lives: the real hosts by default, a loopback fake in tests and benchmarks. */
export interface ProviderBases {
  bttv: string;
  ffz: string;
  "7tv": string;
}

export const DEFAULT_PROVIDER_BASES: ProviderBases = {
  bttv: "https://api.betterttv.net/3",
  ffz: "https://api.frankerfacez.com/v1",
  "7tv": "https://7tv.io/v3",
};

/** A provider's answer, read defensively: the shapes below are theirs, not ours, and may change. */
export type Json = unknown;

export const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const asArray = (value: Json): Json[] => (Array.isArray(value) ? value : []);

export const asString = (value: Json): string | null =>
  typeof value === "string" && value !== "" ? value : typeof value === "number" ? String(value) : null;

export const asNumber = (value: Json): number | undefined =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? value : undefined;

/** `//cdn.example/x` (protocol-relative, as FFZ and 7TV send) as an https address. */
export function absoluteUrl(url: string): string {
  return url.startsWith("//") ? `https:${url}` : url;
}
