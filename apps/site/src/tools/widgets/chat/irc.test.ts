import { describe, expect, it } from "vitest";
import { nickOf, parseIrcMessage, splitIrcLines, unescapeTagValue } from "./irc.ts";

describe("parseIrcMessage", () => {
  it("reads a tagged PRIVMSG", () => {
    const line =
      "@badge-info=subscriber/8;badges=moderator/1,subscriber/6;color=#1E90FF;display-name=Ann;emotes=25:0-4;id=b34c-1;room-id=12;tmi-sent-ts=1700000000000;user-id=99 :ann!ann@ann.tmi.twitch.tv PRIVMSG #chan :Kappa hello there";
    expect(parseIrcMessage(line)).toEqual({
      tags: {
        "badge-info": "subscriber/8",
        badges: "moderator/1,subscriber/6",
        color: "#1E90FF",
        "display-name": "Ann",
        emotes: "25:0-4",
        id: "b34c-1",
        "room-id": "12",
        "tmi-sent-ts": "1700000000000",
        "user-id": "99",
      },
      prefix: "ann!ann@ann.tmi.twitch.tv",
      command: "PRIVMSG",
      params: ["#chan", "Kappa hello there"],
    });
  });

  it("reads lines without tags or prefix, and empty tags", () => {
    expect(parseIrcMessage("PING :tmi.twitch.tv")).toEqual({
      tags: {},
      prefix: null,
      command: "PING",
      params: ["tmi.twitch.tv"],
    });
    expect(parseIrcMessage(":tmi.twitch.tv 001 justinfan123 :Welcome, GLHF!")).toMatchObject({
      command: "001",
      params: ["justinfan123", "Welcome, GLHF!"],
    });
    expect(parseIrcMessage("@color=;flag :tmi.twitch.tv CLEARCHAT #chan")).toMatchObject({
      tags: { color: "", flag: "" },
      command: "CLEARCHAT",
      params: ["#chan"],
    });
  });

  it("keeps colons inside the trailing parameter and an empty trailing one", () => {
    expect(parseIrcMessage(":a!a@a PRIVMSG #c :see: https://x.y/z :)")?.params).toEqual([
      "#c",
      "see: https://x.y/z :)",
    ]);
    expect(parseIrcMessage(":a!a@a PRIVMSG #c :")?.params).toEqual(["#c", ""]);
  });

  it("refuses garbage", () => {
    expect(parseIrcMessage("")).toBeNull();
    expect(parseIrcMessage("@only-tags")).toBeNull();
    expect(parseIrcMessage(":prefix-only")).toBeNull();
  });
});

describe("tag values and helpers", () => {
  it("unescapes IRCv3 tag values", () => {
    expect(unescapeTagValue("hello\\sworld\\:\\\\ok\\n")).toBe("hello world;\\ok\n");
    expect(unescapeTagValue("trailing\\")).toBe("trailing");
    expect(unescapeTagValue("\\x")).toBe("x");
  });

  it("splits frames into lines and reads nicks", () => {
    expect(splitIrcLines("PING :a\r\nPING :b\r\n")).toEqual(["PING :a", "PING :b"]);
    expect(nickOf("Ann!ann@ann.tmi.twitch.tv")).toBe("ann");
    expect(nickOf("tmi.twitch.tv")).toBe("tmi.twitch.tv");
    expect(nickOf(null)).toBe("");
  });
});
