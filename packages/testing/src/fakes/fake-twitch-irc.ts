/**
 * A real WebSocket server on loopback speaking Twitch chat's IRC as an anonymous reader sees it: it ACKs
 * `CAP REQ :twitch.tv/tags twitch.tv/commands`, welcomes `NICK justinfanNNNN` (001…376, anything else
 * is refused like Twitch refuses a bad login), confirms `JOIN #channel` (JOIN, 353, 366, ROOMSTATE) and
 * records PONGs. Tests push PRIVMSG (with tags), CLEARMSG and CLEARCHAT, PING and RECONNECT, and can drop
 * every connection to test reconnecting.
 */
import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";

export interface ChatLine {
  id: string;
  login: string;
  displayName?: string;
  color?: string;
  badges?: string;
  emotes?: string;
  userId?: string;
  text: string;
}

interface Client {
  socket: WebSocket;
  nick: string | null;
  channels: Set<string>;
  tags: boolean;
}

export interface FakeTwitchIrc {
  /** ws://127.0.0.1:PORT */
  url: string;
  /** Every line a client sent, in order. */
  received: string[];
  connections: number;
  waitForJoin(channel: string, count?: number): Promise<void>;
  privmsg(channel: string, line: ChatLine): void;
  clearMessage(channel: string, targetId: string, login: string): void;
  clearUser(channel: string, login: string, userId: string, banDurationSeconds?: number): void;
  clearChat(channel: string): void;
  ping(): void;
  reconnectNotice(): void;
  dropAll(): void;
  close(): Promise<void>;
}

const escapeTag = (value: string) =>
  value.replace(/\\/g, "\\\\").replace(/;/g, "\\:").replace(/ /g, "\\s").replace(/\r/g, "\\r").replace(/\n/g, "\\n");

export async function startFakeTwitchIrc(): Promise<FakeTwitchIrc> {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const clients = new Set<Client>();
  const received: string[] = [];
  const joinWaiters: { channel: string; count: number; resolve: () => void }[] = [];
  let joins = new Map<string, number>();

  const toChannel = (channel: string, build: (client: Client) => string) => {
    for (const client of clients) {
      if (client.channels.has(channel) && client.socket.readyState === client.socket.OPEN) {
        client.socket.send(`${build(client)}\r\n`);
      }
    }
  };

  const fake: FakeTwitchIrc = {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    connections: 0,
    waitForJoin(channel, count = 1) {
      if ((joins.get(channel) ?? 0) >= count) return Promise.resolve();
      return new Promise((resolve) => joinWaiters.push({ channel, count, resolve }));
    },
    privmsg(channel, line) {
      const tags = [
        `badge-info=`,
        `badges=${line.badges ?? ""}`,
        `color=${line.color ?? ""}`,
        `display-name=${escapeTag(line.displayName ?? line.login)}`,
        `emotes=${line.emotes ?? ""}`,
        "first-msg=0",
        "flags=",
        `id=${line.id}`,
        "mod=0",
        "room-id=1001",
        "subscriber=0",
        `tmi-sent-ts=${Date.now()}`,
        "turbo=0",
        `user-id=${line.userId ?? `${line.login}-id`}`,
        "user-type=",
      ].join(";");
      const login = line.login.toLowerCase();
      toChannel(channel, (client) =>
        client.tags
          ? `@${tags} :${login}!${login}@${login}.tmi.twitch.tv PRIVMSG #${channel} :${line.text}`
          : `:${login}!${login}@${login}.tmi.twitch.tv PRIVMSG #${channel} :${line.text}`,
      );
    },
    clearMessage(channel, targetId, login) {
      toChannel(
        channel,
        () =>
          `@login=${login};room-id=;target-msg-id=${targetId};tmi-sent-ts=${Date.now()} :tmi.twitch.tv CLEARMSG #${channel} :deleted`,
      );
    },
    clearUser(channel, login, userId, banDurationSeconds) {
      const duration = banDurationSeconds === undefined ? "" : `ban-duration=${banDurationSeconds};`;
      toChannel(
        channel,
        () =>
          `@${duration}room-id=1001;target-user-id=${userId};tmi-sent-ts=${Date.now()} :tmi.twitch.tv CLEARCHAT #${channel} :${login}`,
      );
    },
    clearChat(channel) {
      toChannel(channel, () => `@room-id=1001;tmi-sent-ts=${Date.now()} :tmi.twitch.tv CLEARCHAT #${channel}`);
    },
    ping() {
      for (const client of clients) client.socket.send("PING :tmi.twitch.tv\r\n");
    },
    reconnectNotice() {
      for (const client of clients) client.socket.send(":tmi.twitch.tv RECONNECT\r\n");
    },
    dropAll() {
      joins = new Map();
      for (const client of clients) client.socket.terminate();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of clients) client.socket.terminate();
        server.close(() => resolve());
      }),
  };

  server.on("connection", (socket) => {
    fake.connections++;
    const client: Client = { socket, nick: null, channels: new Set(), tags: false };
    clients.add(client);
    socket.on("close", () => clients.delete(client));
    socket.on("message", (data) => {
      for (const line of data.toString().split(/\r?\n/).filter(Boolean)) {
        received.push(line);
        const [command = "", ...rest] = line.split(" ");
        const argument = rest.join(" ");
        switch (command.toUpperCase()) {
          case "CAP":
            if (argument.startsWith("REQ :")) {
              client.tags = argument.includes("twitch.tv/tags");
              socket.send(`:tmi.twitch.tv CAP * ACK :${argument.slice(5)}\r\n`);
            }
            break;
          case "PASS":
            break;
          case "NICK": {
            if (!/^justinfan\d+$/.test(argument)) {
              socket.send(":tmi.twitch.tv NOTICE * :Login authentication failed\r\n");
              socket.close();
              return;
            }
            client.nick = argument;
            socket.send(
              [
                `:tmi.twitch.tv 001 ${argument} :Welcome, GLHF!`,
                `:tmi.twitch.tv 002 ${argument} :Your host is tmi.twitch.tv`,
                `:tmi.twitch.tv 003 ${argument} :This server is rather new`,
                `:tmi.twitch.tv 004 ${argument} :-`,
                `:tmi.twitch.tv 375 ${argument} :-`,
                `:tmi.twitch.tv 372 ${argument} :You are in a maze of twisty passages, all alike.`,
                `:tmi.twitch.tv 376 ${argument} :>`,
              ]
                .map((l) => `${l}\r\n`)
                .join(""),
            );
            break;
          }
          case "JOIN": {
            const channel = argument.replace(/^#/, "").toLowerCase();
            if (!client.nick) break;
            client.channels.add(channel);
            const nick = client.nick;
            socket.send(
              [
                `:${nick}!${nick}@${nick}.tmi.twitch.tv JOIN #${channel}`,
                `:${nick}.tmi.twitch.tv 353 ${nick} = #${channel} :${nick}`,
                `:${nick}.tmi.twitch.tv 366 ${nick} #${channel} :End of /NAMES list`,
                `@emote-only=0;followers-only=-1;r9k=0;room-id=1001;slow=0;subs-only=0 :tmi.twitch.tv ROOMSTATE #${channel}`,
              ]
                .map((l) => `${l}\r\n`)
                .join(""),
            );
            joins.set(channel, (joins.get(channel) ?? 0) + 1);
            for (const waiter of [...joinWaiters]) {
              if (waiter.channel === channel && (joins.get(channel) ?? 0) >= waiter.count) {
                joinWaiters.splice(joinWaiters.indexOf(waiter), 1);
                waiter.resolve();
              }
            }
            break;
          }
          default:
            break;
        }
      }
    });
  });
  return fake;
}
