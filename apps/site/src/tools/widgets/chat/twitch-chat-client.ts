/**
 * Read-only, anonymous Twitch chat over IRC WebSocket: `CAP REQ :twitch.tv/tags twitch.tv/commands`,
 * `NICK justinfanNNNN`, `JOIN #channel`; answers PING with PONG, follows RECONNECT, and reconnects with
 * backoff whenever the connection drops. Chat events go to `onEvent` as parsed IRC messages.
 */
import { ReconnectingSocket, type SocketLike, type Timers } from "../../common/reconnecting-socket.ts";
import { type IrcMessage, parseIrcMessage, splitIrcLines } from "./irc.ts";

export const TWITCH_IRC_URL = "wss://irc-ws.chat.twitch.tv:443";

export type ChatStatus = "connecting" | "connected" | "reconnecting" | "stopped";

export function anonymousNick(random: () => number = Math.random): string {
  return `justinfan${10_000 + Math.floor(random() * 89_999)}`;
}

export function handshakeLines(channel: string, nick: string): string[] {
  return ["CAP REQ :twitch.tv/tags twitch.tv/commands", `NICK ${nick}`, `JOIN #${channel}`];
}

export interface TwitchChatClientOptions {
  channel: string;
  /** Default: Twitch's IRC WebSocket. */
  url?: string;
  onEvent: (event: IrcMessage) => void;
  onStatus?: (status: ChatStatus) => void;
  /** The channel's Twitch user id, from ROOMSTATE's `room-id` (for its BTTV, FFZ and 7TV emotes). */
  onRoom?: (roomId: string) => void;
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
  timers?: Timers;
}

export class TwitchChatClient {
  private readonly socket: ReconnectingSocket;
  private readonly random: () => number;

  constructor(private readonly options: TwitchChatClientOptions) {
    this.random = options.random ?? Math.random;
    this.socket = new ReconnectingSocket({
      url: () => options.url ?? TWITCH_IRC_URL,
      createSocket: options.createSocket,
      random: this.random,
      timers: options.timers,
      onOpen: (socket) => {
        // A fresh anonymous nick per connection, as Twitch's own anonymous viewers do.
        for (const line of handshakeLines(options.channel, anonymousNick(this.random))) socket.send(line);
      },
      onMessage: (data, socket) => this.receive(data, socket),
      onStatus: (status) => {
        if (status === "connecting")
          options.onStatus?.(this.socket.failedAttempts === 0 ? "connecting" : "reconnecting");
        else if (status === "waiting") options.onStatus?.("reconnecting");
        else if (status === "stopped") options.onStatus?.("stopped");
      },
    });
  }

  start(): void {
    this.socket.start();
  }

  stop(): void {
    this.socket.stop();
  }

  private receive(data: string, socket: SocketLike): void {
    for (const line of splitIrcLines(data)) {
      const message = parseIrcMessage(line);
      if (!message) continue;
      switch (message.command) {
        case "PING":
          socket.send(`PONG :${message.params[0] ?? "tmi.twitch.tv"}`);
          break;
        case "RECONNECT":
          // Twitch is about to restart this server: move to another one now.
          this.socket.reconnect();
          return;
        case "JOIN":
        case "ROOMSTATE":
          this.socket.markHealthy();
          this.options.onStatus?.("connected");
          if (message.command === "ROOMSTATE" && message.tags["room-id"])
            this.options.onRoom?.(message.tags["room-id"]);
          break;
        default:
          this.options.onEvent(message);
      }
    }
  }
}
