import { describe, expect, it } from "vitest";
import { applyChatEvent, type ChatLogOptions, FADE_OUT_MS, isFading, loginOf, pruneFaded } from "./chat-log.ts";
import type { ChatMessage } from "./chat-message.ts";
import { type IrcMessage, parseIrcMessage } from "./irc.ts";

const options: ChatLogOptions = { maxLines: 3, fadeMs: 0, hideCommands: true, hiddenUsers: ["nightbot"] };

function line(text: string): IrcMessage {
  const message = parseIrcMessage(text);
  if (!message) throw new Error(`bad line: ${text}`);
  return message;
}
const say = (id: string, nick: string, text: string, userId = `${nick}-id`) =>
  line(`@id=${id};user-id=${userId};display-name=${nick} :${nick}!${nick}@${nick}.tmi.twitch.tv PRIVMSG #c :${text}`);

function feed(events: IrcMessage[], opts = options, now = 0): readonly ChatMessage[] {
  return events.reduce<readonly ChatMessage[]>((log, event) => applyChatEvent(log, event, opts, now), []);
}

describe("chat log", () => {
  it("adds messages and keeps only the newest lines", () => {
    const log = feed([say("1", "a", "one"), say("2", "b", "two"), say("3", "c", "three"), say("4", "d", "four")]);
    expect(log.map((m) => m.id)).toEqual(["2", "3", "4"]);
  });

  it("hides commands and listed bots", () => {
    const log = feed([say("1", "a", "!discord"), say("2", "nightbot", "Follow the rules"), say("3", "b", "hi !")]);
    expect(log.map((m) => m.id)).toEqual(["3"]);
    expect(feed([say("1", "a", "  !so someone")], { ...options, hideCommands: false })).toHaveLength(1);
  });

  it("removes a deleted message (CLEARMSG)", () => {
    const log = feed([
      say("1", "a", "keep"),
      say("2", "b", "bad words"),
      line("@login=b;room-id=1;target-msg-id=2;tmi-sent-ts=1 :tmi.twitch.tv CLEARMSG #c :bad words"),
    ]);
    expect(log.map((m) => m.id)).toEqual(["1"]);
  });

  it("removes every message of a banned or timed-out chatter (CLEARCHAT with a user)", () => {
    const log = feed(
      [
        say("1", "a", "one"),
        say("2", "spammer", "buy followers", "42"),
        say("3", "spammer", "really", "42"),
        line("@ban-duration=600;room-id=1;target-user-id=42;tmi-sent-ts=1 :tmi.twitch.tv CLEARCHAT #c :spammer"),
      ],
      { ...options, maxLines: 10 },
    );
    expect(log.map((m) => m.id)).toEqual(["1"]);
  });

  it("empties the box when the whole chat is cleared (CLEARCHAT without a user)", () => {
    expect(feed([say("1", "a", "one"), line("@room-id=1;tmi-sent-ts=1 :tmi.twitch.tv CLEARCHAT #c")])).toEqual([]);
  });

  it("leaves the list as it is for other commands and unknown targets", () => {
    const log = feed([say("1", "a", "one")]);
    expect(applyChatEvent(log, line(":tmi.twitch.tv 001 justinfan1 :Welcome"), options, 0)).toBe(log);
    expect(applyChatEvent(log, line("@target-msg-id=zzz :tmi.twitch.tv CLEARMSG #c :x"), options, 0)).toBe(log);
    expect(applyChatEvent(log, line(":tmi.twitch.tv CLEARCHAT #c :nobody"), options, 0)).toBe(log);
    expect(loginOf(say("9", "Zed", "x"))).toBe("zed");
  });

  it("fades old messages out, then drops them", () => {
    const fadeMs = 10_000;
    const log = feed([say("1", "a", "old")], { ...options, fadeMs }, 0);
    const [message] = log;
    if (!message) throw new Error("no message");
    expect(isFading(message, 9_999, fadeMs)).toBe(false);
    expect(isFading(message, 10_000, fadeMs)).toBe(true);
    expect(pruneFaded(log, 10_000 + FADE_OUT_MS - 1, fadeMs)).toBe(log);
    expect(pruneFaded(log, 10_000 + FADE_OUT_MS, fadeMs)).toEqual([]);
    expect(isFading(message, 1e9, 0)).toBe(false);
    expect(pruneFaded(log, 1e9, 0)).toBe(log);
  });
});
