import { describe, expect, it } from "vitest";
import { demoIrcLine } from "./chat-demo.ts";
import { applyChatEvent } from "./chat-log.ts";
import { CHAT_DEFAULTS } from "./chat-options.ts";
import { parseIrcMessage } from "./irc.ts";

describe("chat demo", () => {
  it("speaks real IRC lines that the chat rules accept (and filter)", () => {
    const options = {
      maxLines: 50,
      fadeMs: 0,
      hideCommands: CHAT_DEFAULTS.hideCommands,
      hiddenUsers: CHAT_DEFAULTS.hiddenUsers,
    };
    let log: ReturnType<typeof applyChatEvent> = [];
    for (let n = 0; n < 11; n++) {
      const message = parseIrcMessage(demoIrcLine(n, n));
      expect(message?.command).toBe("PRIVMSG");
      if (message) log = applyChatEvent(log, message, options, n);
    }
    // "!discord" and the bot's line are hidden.
    expect(log).toHaveLength(9);
    expect(log[0]?.displayName).toBe("PixelPanda");
    expect(log[0]?.badges.map((b) => b.kind)).toEqual(["subscriber"]);
    expect(demoIrcLine(9, 0)).toContain("id=demo-9");
  });
});
