import { describe, expect, it } from "vitest";
import { emoteFragments, emoteUrl, parseBadges, toChatMessage } from "./chat-message.ts";
import { parseIrcMessage } from "./irc.ts";

const privmsg = (tags: string, text: string, nick = "ann") =>
  parseIrcMessage(`@${tags} :${nick}!${nick}@${nick}.tmi.twitch.tv PRIVMSG #chan :${text}`) ??
  (() => {
    throw new Error("bad line");
  })();

describe("emoteFragments", () => {
  it("cuts the text around Twitch emotes, in order of position", () => {
    expect(emoteFragments("Kappa hi Kappa PogChamp", "25:0-4,9-13/88:15-22")).toEqual([
      { type: "emote", id: "25", name: "Kappa" },
      { type: "text", text: " hi " },
      { type: "emote", id: "25", name: "Kappa" },
      { type: "text", text: " " },
      { type: "emote", id: "88", name: "PogChamp" },
    ]);
  });

  it("counts characters, not UTF-16 units (emoji before an emote)", () => {
    expect(emoteFragments("😀 Kappa", "25:2-6")).toEqual([
      { type: "text", text: "😀 " },
      { type: "emote", id: "25", name: "Kappa" },
    ]);
  });

  it("ignores ranges that are out of bounds, overlapping or malformed", () => {
    expect(emoteFragments("hi", "25:0-9")).toEqual([{ type: "text", text: "hi" }]);
    expect(emoteFragments("Kappa", "25:0-4/26:2-3/x:/:1-2/27:a-b")).toEqual([
      { type: "emote", id: "25", name: "Kappa" },
    ]);
    expect(emoteFragments("plain", undefined)).toEqual([{ type: "text", text: "plain" }]);
    expect(emoteFragments("", "")).toEqual([]);
  });

  it("builds Twitch CDN emote URLs", () => {
    expect(emoteUrl("emotesv2_abc", "2.0")).toBe(
      "https://static-cdn.jtvnw.net/emoticons/v2/emotesv2_abc/default/dark/2.0",
    );
  });
});

describe("toChatMessage", () => {
  it("reads name, colour, badges, emotes and ids from the tags", () => {
    const message = toChatMessage(
      privmsg(
        "badges=broadcaster/1,subscriber/12,glhf-pledge/1;color=#FF69B4;display-name=Ann;emotes=25:0-4;id=m1;user-id=7",
        "Kappa yo",
      ),
      1000,
    );
    expect(message).toEqual({
      id: "m1",
      userId: "7",
      login: "ann",
      displayName: "Ann",
      color: "#FF69B4",
      badges: [
        { kind: "broadcaster", label: "Broadcaster" },
        { kind: "subscriber", label: "Subscriber" },
      ],
      text: "Kappa yo",
      fragments: [
        { type: "emote", id: "25", name: "Kappa" },
        { type: "text", text: " yo" },
      ],
      action: false,
      receivedAt: 1000,
    });
  });

  it("shows /me messages as actions, with emote positions inside the action text", () => {
    const message = toChatMessage(privmsg("emotes=25:6-10;id=m2", "\u0001ACTION waves Kappa\u0001"), 1);
    expect(message?.action).toBe(true);
    expect(message?.text).toBe("waves Kappa");
    expect(message?.fragments.at(-1)).toEqual({ type: "emote", id: "25", name: "Kappa" });
  });

  it("adds the login beside a localized display name, and copes with missing tags", () => {
    expect(toChatMessage(privmsg("display-name=日本語;id=m3", "hi", "nihongo"), 1)?.displayName).toBe(
      "日本語 (nihongo)",
    );
    const bare = toChatMessage(privmsg("id=m4", "hi", "bob"), 1);
    expect(bare?.displayName).toBe("bob");
    expect(bare?.color).toMatch(/^#[0-9A-F]{6}$/);
    expect(bare?.badges).toEqual([]);
  });

  it("is null for anything but PRIVMSG", () => {
    expect(toChatMessage(parseIrcMessage("PING :tmi.twitch.tv") as never, 1)).toBeNull();
  });

  it("reads badges on their own", () => {
    expect(parseBadges("moderator/1,vip/1,moderator/1")).toEqual([
      { kind: "moderator", label: "Moderator" },
      { kind: "vip", label: "VIP" },
    ]);
    expect(parseBadges("")).toEqual([]);
  });
});
