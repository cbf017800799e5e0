/**
 * The words that are emotes in a channel: every enabled provider's global and channel sets in one map. A
 * channel's own emote wins over a global one of the same name, and on a tie 7TV over BTTV over FFZ, as
 * the viewers' own extensions draw it.
 */
import type { EmoteProvider, ThirdPartyEmote } from "./emote.ts";

export type EmoteTable = ReadonlyMap<string, ThirdPartyEmote>;

export interface ProviderSets {
  global: readonly ThirdPartyEmote[];
  channel: readonly ThirdPartyEmote[];
}

const ORDER: readonly EmoteProvider[] = ["ffz", "bttv", "7tv"];

export function buildEmoteTable(sets: Partial<Record<EmoteProvider, ProviderSets>>): EmoteTable {
  const table = new Map<string, ThirdPartyEmote>();
  for (const scope of ["global", "channel"] as const) {
    for (const provider of ORDER) {
      for (const emote of sets[provider]?.[scope] ?? []) table.set(emote.code, emote);
    }
  }
  return table;
}

export const EMPTY_TABLE: EmoteTable = new Map();
