import { describe, expect, it } from "vitest";
import { parseBttvChannel, parseBttvGlobal } from "./bttv.ts";
import { parseFfzChannel, parseFfzGlobal } from "./ffz.ts";
import { parseSeventvSet, parseSeventvUser } from "./seventv.ts";

describe("BetterTTV answers", () => {
  it("reads the global set, with BTTV's zero-width emotes marked", () => {
    const emotes = parseBttvGlobal([
      { id: "5ad22a7096065b6c6bddf7f3", code: "SourPls", imageType: "gif", animated: true, userId: "x" },
      { id: "567b5b520e984428652809b6", code: "cvHazmat", imageType: "png", animated: false },
      { id: "bad", code: "two words", imageType: "png" },
      "junk",
    ]);
    expect(emotes).toEqual([
      {
        provider: "bttv",
        id: "5ad22a7096065b6c6bddf7f3",
        code: "SourPls",
        src: "https://cdn.betterttv.net/emote/5ad22a7096065b6c6bddf7f3/1x",
        srcSet:
          "https://cdn.betterttv.net/emote/5ad22a7096065b6c6bddf7f3/2x 2x, https://cdn.betterttv.net/emote/5ad22a7096065b6c6bddf7f3/3x 3x",
        zeroWidth: false,
        animated: true,
      },
      expect.objectContaining({ code: "cvHazmat", zeroWidth: true, animated: false }),
    ]);
  });

  it("reads a channel's own and shared emotes, with pictures from a local base's host", () => {
    const emotes = parseBttvChannel(
      {
        id: "u",
        bots: [],
        channelEmotes: [{ id: "c1", code: "ownEmote", imageType: "png", animated: false }],
        sharedEmotes: [{ id: "s1", code: "catJAM", imageType: "gif", animated: true, user: {} }],
      },
      "http://127.0.0.1:4000/bttv/3",
    );
    expect(emotes.map((e) => [e.code, e.src])).toEqual([
      ["ownEmote", "http://127.0.0.1:4000/emote/c1/1x"],
      ["catJAM", "http://127.0.0.1:4000/emote/s1/1x"],
    ]);
    expect(parseBttvChannel(null)).toEqual([]);
  });
});

describe("FrankerFaceZ answers", () => {
  const emoticon = (id: number, name: string, extra = {}) => ({
    id,
    name,
    width: 32,
    height: 28,
    urls: { "1": `//cdn.frankerfacez.com/emote/${id}/1`, "2": `https://cdn.frankerfacez.com/emote/${id}/2` },
    ...extra,
  });

  it("reads the default global sets only", () => {
    const emotes = parseFfzGlobal({
      default_sets: [3],
      sets: { "3": { id: 3, emoticons: [emoticon(25927, "CatBag")] }, "4330": { emoticons: [emoticon(1, "Other")] } },
      users: {},
    });
    expect(emotes).toEqual([
      {
        provider: "ffz",
        id: "25927",
        code: "CatBag",
        src: "https://cdn.frankerfacez.com/emote/25927/1",
        srcSet: "https://cdn.frankerfacez.com/emote/25927/2 2x",
        zeroWidth: false,
        animated: false,
        width: 32,
        height: 28,
      },
    ]);
  });

  it("reads a room's set, animated emotes with their animated pictures", () => {
    const emotes = parseFfzChannel({
      room: { set: 999, id: "streamer" },
      sets: {
        "999": {
          emoticons: [
            emoticon(7, "roomEmote"),
            emoticon(8, "partyCat", { animated: { "1": "https://cdn.frankerfacez.com/emote/8/animated/1" } }),
          ],
        },
      },
    });
    expect(emotes.map((e) => [e.code, e.src, e.animated])).toEqual([
      ["roomEmote", "https://cdn.frankerfacez.com/emote/7/1", false],
      ["partyCat", "https://cdn.frankerfacez.com/emote/8/animated/1", true],
    ]);
    expect(parseFfzChannel(null)).toEqual([]);
  });
});

describe("7TV answers", () => {
  const active = (id: string, name: string, flags = 0, data = {}) => ({
    id,
    name,
    flags,
    timestamp: 1,
    data: {
      id,
      name,
      flags: 0,
      animated: false,
      host: {
        url: `//cdn.7tv.app/emote/${id}`,
        files: [
          { name: "1x.avif", width: 32, height: 32, format: "AVIF" },
          { name: "1x.webp", width: 32, height: 32, format: "WEBP" },
          { name: "2x.webp", width: 64, height: 64, format: "WEBP" },
        ],
      },
      ...data,
    },
  });

  it("reads an emote set, zero-width by the active emote's flag or the emote's own", () => {
    const emotes = parseSeventvSet({
      id: "global",
      emotes: [active("e1", "EZ"), active("e2", "RainTime", 1), active("e3", "Hat", 0, { flags: 256, animated: true })],
    });
    expect(emotes[0]).toEqual({
      provider: "7tv",
      id: "e1",
      code: "EZ",
      src: "https://cdn.7tv.app/emote/e1/1x.webp",
      srcSet: "https://cdn.7tv.app/emote/e1/2x.webp 2x",
      zeroWidth: false,
      animated: false,
      width: 32,
      height: 32,
    });
    expect(emotes.map((e) => [e.code, e.zeroWidth, e.animated])).toEqual([
      ["EZ", false, false],
      ["RainTime", true, false],
      ["Hat", true, true],
    ]);
  });

  it("reads a Twitch user's active set and its id", () => {
    expect(
      parseSeventvUser({ id: "x", platform: "TWITCH", emote_set: { id: "set-1", emotes: [active("e9", "peepoHi")] } }),
    ).toEqual({ setId: "set-1", emotes: [expect.objectContaining({ code: "peepoHi" })] });
    expect(parseSeventvUser(null)).toEqual({ setId: null, emotes: [] });
  });
});
