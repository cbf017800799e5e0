import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_PROVIDER_BASES } from "./emote.ts";
import { clearEmoteCache, EmoteStore } from "./emote-store.ts";
import type { EmoteTable } from "./emote-table.ts";

const bttvGlobal = [{ id: "b1", code: "SourPls", imageType: "gif", animated: true }];
const bttvChannel = {
  channelEmotes: [{ id: "b2", code: "ownBttv", imageType: "png", animated: false }],
  sharedEmotes: [],
};
const seventvUser = {
  emote_set: {
    id: "set-9",
    emotes: [
      {
        id: "s1",
        name: "ownSeventv",
        flags: 0,
        data: { host: { url: "//cdn.7tv.app/emote/s1", files: [{ name: "1x.webp" }] } },
      },
    ],
  },
};

function setup(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const tables: EmoteTable[] = [];
  const sets: string[] = [];
  const store = new EmoteStore({
    providers: ["bttv", "ffz", "7tv"],
    bases: DEFAULT_PROVIDER_BASES,
    onChange: (table) => tables.push(table),
    onSeventvSet: (id) => sets.push(id),
    fetchJson: async (url) => {
      asked.push(url);
      if (!(url in answers)) throw new Error("down");
      return answers[url];
    },
  });
  return { store, asked, tables, sets };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("a channel's third-party emotes", () => {
  beforeEach(() => clearEmoteCache());

  it("fetches each provider's global and channel sets once, and a provider that is down leaves only itself out", async () => {
    const { store, asked, tables, sets } = setup({
      "https://api.betterttv.net/3/cached/emotes/global": bttvGlobal,
      "https://api.betterttv.net/3/cached/users/twitch/1001": bttvChannel,
      "https://7tv.io/v3/emote-sets/global": { emotes: [] },
      "https://7tv.io/v3/users/twitch/1001": seventvUser,
    });
    store.setChannel("1001");
    await settle();
    expect(asked.sort()).toEqual([
      "https://7tv.io/v3/emote-sets/global",
      "https://7tv.io/v3/users/twitch/1001",
      "https://api.betterttv.net/3/cached/emotes/global",
      "https://api.betterttv.net/3/cached/users/twitch/1001",
      "https://api.frankerfacez.com/v1/room/id/1001",
      "https://api.frankerfacez.com/v1/set/global",
    ]);
    expect([...(tables.at(-1)?.keys() ?? [])].sort()).toEqual(["SourPls", "ownBttv", "ownSeventv"]);
    expect(sets).toEqual(["set-9"]);

    // The same channel again (an IRC reconnect) fetches nothing.
    store.setChannel("1001");
    await settle();
    expect(asked).toHaveLength(6);
  });

  it("shares answers between widgets on the page, and a refresh asks again", async () => {
    const answers = { "https://api.betterttv.net/3/cached/emotes/global": bttvGlobal };
    const first = setup(answers);
    first.store.setChannel("1001");
    await settle();
    const second = setup(answers);
    second.store.setChannel("1001");
    await settle();
    // The failed ones (every other address) are asked again; the answered global set is not.
    expect(second.asked).not.toContain("https://api.betterttv.net/3/cached/emotes/global");
    expect(second.tables.at(-1)?.has("SourPls")).toBe(true);
    second.store.refresh();
    await settle();
    expect(second.asked).toContain("https://api.betterttv.net/3/cached/emotes/global");
  });
});
