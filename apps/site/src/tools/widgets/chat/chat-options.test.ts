import { describe, expect, it } from "vitest";
import {
  CHAT_DEFAULTS,
  chatIsConfigured,
  chatOptionsToParams,
  DEFAULT_BOTS,
  normalizeChannel,
  parseUserList,
  readChatOptions,
} from "./chat-options.ts";

const read = (search: string) => readChatOptions(new URLSearchParams(search));

describe("chat box settings", () => {
  it("has sensible defaults and needs a channel (or demo mode) to run", () => {
    expect(read("")).toEqual(CHAT_DEFAULTS);
    expect(chatIsConfigured(read(""))).toBe(false);
    expect(chatIsConfigured(read("channel=someone"))).toBe(true);
    expect(chatIsConfigured(read("demo=1"))).toBe(true);
  });

  it("reads every setting", () => {
    expect(read("channel=%23Some_One&fade=30&limit=5&hideCommands=0&bots=botA,@BotB&badges=0&size=24&demo=1")).toEqual({
      channel: "some_one",
      fadeSeconds: 30,
      maxLines: 5,
      hideCommands: false,
      hiddenUsers: ["bota", "botb"],
      showBadges: false,
      fontSize: 24,
      server: null,
      emotes: CHAT_DEFAULTS.emotes,
      emoteBases: CHAT_DEFAULTS.emoteBases,
      demo: true,
    });
    expect(read("bots=").hiddenUsers).toEqual([]);
    expect(read("limit=100000").maxLines).toBe(100);
  });

  it("accepts a server override only on this machine", () => {
    expect(read("server=ws://127.0.0.1:4567").server).toBe("ws://127.0.0.1:4567/");
    expect(read("server=wss://evil.example/irc").server).toBeNull();
  });

  it("has each emote provider on unless switched off, and moves their APIs only to this machine", () => {
    expect(read("").emotes).toEqual({ bttv: true, ffz: true, "7tv": true });
    expect(read("bttv=0&7tv=0").emotes).toEqual({ bttv: false, ffz: true, "7tv": false });
    expect(read("ffzApi=http://127.0.0.1:9/ffz/v1/").emoteBases.ffz).toBe("http://127.0.0.1:9/ffz/v1");
    expect(read("7tvApi=https://evil.example/v3").emoteBases["7tv"]).toBe("https://7tv.io/v3");
    const custom = {
      ...CHAT_DEFAULTS,
      channel: "someone",
      emotes: { bttv: false, ffz: true, "7tv": false },
      emoteBases: { ...CHAT_DEFAULTS.emoteBases, bttv: "http://127.0.0.1:9/bttv/3" },
    };
    expect(chatOptionsToParams(custom).toString()).toBe(
      "channel=someone&bttv=0&bttvApi=http%3A%2F%2F127.0.0.1%3A9%2Fbttv%2F3&7tv=0",
    );
    expect(readChatOptions(chatOptionsToParams(custom))).toEqual(custom);
  });

  it("understands channel names in the forms streamers paste", () => {
    expect(normalizeChannel("https://www.twitch.tv/Streamer_1?foo")).toBe("streamer_1");
    expect(normalizeChannel("twitch.tv/abc")).toBe("abc");
    expect(normalizeChannel("#Chan")).toBe("chan");
    expect(normalizeChannel("no spaces")).toBe("");
    expect(normalizeChannel("x".repeat(26))).toBe("");
    expect(parseUserList("a, b\nc,,a !bad")).toEqual(["a", "b", "c"]);
  });

  it("writes a short URL that reads back the same", () => {
    expect(chatOptionsToParams({ ...CHAT_DEFAULTS, channel: "someone" }).toString()).toBe("channel=someone");
    const custom = {
      ...CHAT_DEFAULTS,
      channel: "someone",
      fadeSeconds: 45,
      maxLines: 8,
      hideCommands: false,
      hiddenUsers: ["mybot"],
      showBadges: false,
      fontSize: 30,
      demo: true,
    };
    expect(readChatOptions(chatOptionsToParams(custom))).toEqual(custom);
    expect(readChatOptions(chatOptionsToParams({ ...custom, hiddenUsers: [] })).hiddenUsers).toEqual([]);
    expect(readChatOptions(chatOptionsToParams({ ...custom, hiddenUsers: DEFAULT_BOTS })).hiddenUsers).toEqual(
      DEFAULT_BOTS,
    );
  });
});
