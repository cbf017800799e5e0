/**
 * A channel's third-party emotes: each enabled provider's global and channel sets, fetched once (shared by
 * every chat box on the page and kept across IRC reconnects) and refreshed every few minutes or when a
 * provider says the channel's set changed. The chat never waits for them: a message drawn before they are in
 * shows the words, and a provider that is down or slow only leaves its own emotes out.
 */
import { bttvChannelUrl, bttvGlobalUrl, parseBttvChannel, parseBttvGlobal } from "./bttv.ts";
import type { EmoteProvider, Json, ProviderBases, ThirdPartyEmote } from "./emote.ts";
import { buildEmoteTable, EMPTY_TABLE, type EmoteTable, type ProviderSets } from "./emote-table.ts";
import { ffzChannelUrl, ffzGlobalUrl, parseFfzChannel, parseFfzGlobal } from "./ffz.ts";
import { parseSeventvSet, parseSeventvUser, seventvChannelUrl, seventvGlobalUrl } from "./seventv.ts";

/** How often the sets are fetched again while the widget runs (and is visible). */
export const EMOTE_REFRESH_MS = 5 * 60_000;
/** A provider that has not answered by then is left out until the next refresh. */
export const EMOTE_FETCH_TIMEOUT_MS = 8000;

export type FetchJson = (url: string) => Promise<Json>;

/** `fetch` with a time limit; a 404 (a channel without emotes there) is an empty answer, not an error. */
export const fetchJson: FetchJson = async (url) => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), EMOTE_FETCH_TIMEOUT_MS);
  try {
    const response = await fetch(url, {
      signal: controller.signal,
      credentials: "omit",
      referrerPolicy: "no-referrer",
    });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return (await response.json()) as Json;
  } finally {
    clearTimeout(timer);
  }
};

interface Source {
  global: (base: string) => string;
  channel: (base: string, id: string) => string;
  parseGlobal: (body: Json, base: string) => ThirdPartyEmote[];
  parseChannel: (body: Json, base: string) => { setId: string | null; emotes: ThirdPartyEmote[] };
}

const SOURCES: Record<EmoteProvider, Source> = {
  bttv: {
    global: bttvGlobalUrl,
    channel: bttvChannelUrl,
    parseGlobal: parseBttvGlobal,
    parseChannel: (body, base) => ({ setId: null, emotes: parseBttvChannel(body, base) }),
  },
  ffz: {
    global: ffzGlobalUrl,
    channel: ffzChannelUrl,
    parseGlobal: parseFfzGlobal,
    parseChannel: (body) => ({ setId: null, emotes: parseFfzChannel(body) }),
  },
  "7tv": {
    global: seventvGlobalUrl,
    channel: seventvChannelUrl,
    parseGlobal: parseSeventvSet,
    parseChannel: parseSeventvUser,
  },
};

interface CacheEntry {
  at: number;
  body: Promise<Json>;
}

/** Answers by address, for every widget on the page: a reconnect or a second chat box fetches nothing. */
const cache = new Map<string, CacheEntry>();

function cachedJson(url: string, fetcher: FetchJson, now: number, fresh: boolean): Promise<Json> {
  const hit = cache.get(url);
  if (hit && !fresh && now - hit.at < EMOTE_REFRESH_MS) return hit.body;
  const body = fetcher(url);
  const entry = { at: now, body };
  cache.set(url, entry);
  // A failed answer is not kept: the next load asks again.
  body.catch(() => {
    if (cache.get(url) === entry) cache.delete(url);
  });
  return body;
}

export interface EmoteStoreOptions {
  providers: readonly EmoteProvider[];
  bases: ProviderBases;
  onChange: (table: EmoteTable) => void;
  /** The 7TV emote set of the channel is known (for its update events). */
  onSeventvSet?: (setId: string) => void;
  fetchJson?: FetchJson;
  now?: () => number;
}

export class EmoteStore {
  /** undefined: nothing loaded yet; null: the global sets only (the demo, which has no channel). */
  private channelId: string | null | undefined = undefined;
  private sets: Partial<Record<EmoteProvider, ProviderSets>> = {};
  private generation = 0;
  table: EmoteTable = EMPTY_TABLE;

  constructor(private readonly options: EmoteStoreOptions) {}

  /**
   * The channel's Twitch user id (ROOMSTATE's room-id), or null for the global sets alone: loads the sets
   * unless they are loaded already.
   */
  setChannel(twitchUserId: string | null): void {
    if (twitchUserId === this.channelId) return;
    this.channelId = twitchUserId;
    this.generation++;
    this.sets = {};
    this.load(this.options.providers, false);
  }

  /** Fetches every set again (the periodic refresh). */
  refresh(): void {
    this.load(this.options.providers, true);
  }

  /** Fetches one provider's channel set again (its update event said it changed). */
  refreshProvider(provider: EmoteProvider): void {
    if (this.options.providers.includes(provider)) this.load([provider], true);
  }

  stop(): void {
    this.generation++;
  }

  private load(providers: readonly EmoteProvider[], fresh: boolean): void {
    const channelId = this.channelId;
    if (channelId === undefined) return;
    const generation = this.generation;
    const fetcher = this.options.fetchJson ?? fetchJson;
    const now = (this.options.now ?? Date.now)();
    for (const provider of providers) {
      const source = SOURCES[provider];
      const base = this.options.bases[provider];
      const global = cachedJson(source.global(base), fetcher, now, fresh).then((body) =>
        source.parseGlobal(body, base),
      );
      const channel =
        channelId === null
          ? Promise.resolve({ setId: null, emotes: [] })
          : cachedJson(source.channel(base, channelId), fetcher, now, fresh).then((body) =>
              source.parseChannel(body, base),
            );
      // Each half lands on its own: a global set that answers draws its emotes even when the channel's does not.
      global.then(
        (emotes) => this.update(generation, provider, { global: emotes }),
        () => {},
      );
      channel.then(
        ({ setId, emotes }) => {
          this.update(generation, provider, { channel: emotes });
          if (setId && generation === this.generation) this.options.onSeventvSet?.(setId);
        },
        () => {},
      );
    }
  }

  private update(generation: number, provider: EmoteProvider, patch: Partial<ProviderSets>): void {
    // Another channel (or a stopped widget) makes answers to older requests moot.
    if (generation !== this.generation) return;
    const current = this.sets[provider] ?? { global: [], channel: [] };
    this.sets = { ...this.sets, [provider]: { ...current, ...patch } };
    this.table = buildEmoteTable(this.sets);
    this.options.onChange(this.table);
  }
}

/** For tests: forget every cached answer. */
export function clearEmoteCache(): void {
  cache.clear();
}
