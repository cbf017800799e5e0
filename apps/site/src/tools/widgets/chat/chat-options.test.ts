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
      demo: true,
    });
    expect(read("bots=").hiddenUsers).toEqual([]);
    expect(read("limit=100000").maxLines).toBe(100);
  });

  it("accepts a server override only on this machine", () => {
    expect(read("server=ws://127.0.0.1:4567").server).toBe("ws://127.0.0.1:4567/");
    expect(read("server=wss://evil.example/irc").server).toBeNull();
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
