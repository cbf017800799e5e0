import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeSocket } from "../../common/fake-socket.test-helper.ts";
import type { IrcMessage } from "./irc.ts";
import {
  anonymousNick,
  type ChatStatus,
  handshakeLines,
  TWITCH_IRC_URL,
  TwitchChatClient,
} from "./twitch-chat-client.ts";

describe("TwitchChatClient", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.reset();
  });
  afterEach(() => vi.useRealTimers());

  function start() {
    const events: IrcMessage[] = [];
    const statuses: ChatStatus[] = [];
    const client = new TwitchChatClient({
      channel: "somechannel",
      onEvent: (event) => events.push(event),
      onStatus: (status) => statuses.push(status),
      createSocket: (url) => new FakeSocket(url),
      random: () => 0.5,
    });
    client.start();
    return { client, events, statuses };
  }

  it("logs in anonymously to Twitch's IRC WebSocket and joins the channel", () => {
    start();
    const socket = FakeSocket.last();
    expect(socket.url).toBe(TWITCH_IRC_URL);
    socket.open();
    expect(socket.sent).toEqual([
      "CAP REQ :twitch.tv/tags twitch.tv/commands",
      "NICK justinfan54999",
      "JOIN #somechannel",
    ]);
    expect(handshakeLines("c", "n")).toHaveLength(3);
    expect(anonymousNick(() => 0)).toBe("justinfan10000");
    expect(anonymousNick(() => 0.99999)).toMatch(/^justinfan\d{5}$/);
  });

  it("answers PING, reports the join, and passes chat events on, several per frame", () => {
    const { events, statuses } = start();
    const socket = FakeSocket.last();
    socket.open();
    socket.receive(":justinfan54999!justinfan54999@justinfan54999.tmi.twitch.tv JOIN #somechannel\r\n");
    socket.receive("PING :tmi.twitch.tv\r\n");
    socket.receive(
      "@id=1 :a!a@a.tmi.twitch.tv PRIVMSG #somechannel :one\r\n@id=2 :b!b@b.tmi.twitch.tv PRIVMSG #somechannel :two\r\n",
    );
    expect(socket.sent.at(-1)).toBe("PONG :tmi.twitch.tv");
    expect(events.map((e) => e.tags.id)).toEqual(["1", "2"]);
    expect(statuses).toEqual(["connecting", "connected"]);
  });

  it("reconnects after a drop and on Twitch's RECONNECT, with backoff", () => {
    const { statuses } = start();
    FakeSocket.last().open();
    FakeSocket.last().drop();
    expect(statuses.at(-1)).toBe("reconnecting");
    vi.advanceTimersByTime(750);
    expect(FakeSocket.created).toHaveLength(2);
    expect(statuses.at(-1)).toBe("reconnecting");
    const second = FakeSocket.last();
    second.open();
    second.receive(":tmi.twitch.tv RECONNECT");
    expect(second.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.created).toHaveLength(3);
  });

  it("stops for good", () => {
    const { client, statuses } = start();
    client.stop();
    expect(FakeSocket.last().closed).toBe(true);
    expect(statuses.at(-1)).toBe("stopped");
  });
});
