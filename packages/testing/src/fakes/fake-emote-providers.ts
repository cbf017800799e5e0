/**
 * BetterTTV, FrankerFaceZ and 7TV on loopback, speaking their real JSON: BTTV `/bttv/3/cached/emotes/global`
 * and `/bttv/3/cached/users/twitch/{id}`, FFZ `/ffz/v1/set/global` and `/ffz/v1/room/id/{id}`, 7TV
 * `/7tv/v3/emote-sets/global` and `/7tv/v3/users/twitch/{id}` (404 for a channel without emotes there, as
 * they answer), the pictures (small SVG squares), and the update feeds: BTTV's socket (`join_channel`,
 * `emote_create`) and 7TV's EventAPI (hello, op 35 subscribe, op 0 dispatch) at `{base}/events`. A provider
 * can be made to fail (503) or to never answer, to test that chat goes on without it.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";

export type Provider = "bttv" | "ffz" | "7tv";
export type ProviderState = "up" | "failing" | "hanging";

export const FAKE_ROOM_ID = "1001";

/** Every emote the fakes know, by the word that stands for it. */
export const FAKE_EMOTES = {
  bttvGlobal: ["SourPls", "cvHazmat"],
  bttvChannel: ["catJAM"],
  ffzGlobal: ["CatBag"],
  ffzChannel: ["OMEGALUL"],
  seventvGlobal: ["EZ", "RainTime"],
  seventvChannel: ["peepoHappy"],
} as const;

export interface FakeEmoteProviders {
  origin: string;
  /** The chat box's URL parameters pointing every provider at this fake. */
  params: string;
  bases: Record<Provider, string>;
  state: Record<Provider, ProviderState>;
  /** Paths asked for, in order. */
  requests: string[];
  /** Adds an emote to the channel's 7TV set and tells subscribed widgets (7TV's `emote_set.update`). */
  addSeventvChannelEmote(name: string): void;
  /** Adds an emote to the channel's BTTV set and tells joined widgets (BTTV's `emote_create`). */
  addBttvChannelEmote(code: string): void;
  waitForSubscribers(provider: "bttv" | "7tv", count: number): Promise<void>;
  close(): Promise<void>;
}

const COLORS = ["#F97316", "#22C55E", "#3B82F6", "#EAB308", "#EC4899", "#14B8A6", "#A855F7"];

function picture(id: string): string {
  const color = COLORS[[...id].reduce((sum, c) => sum + c.charCodeAt(0), 0) % COLORS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="28" height="28"><rect width="28" height="28" rx="6" fill="${color}"/></svg>`;
}

export async function startFakeEmoteProviders(): Promise<FakeEmoteProviders> {
  const state: Record<Provider, ProviderState> = { bttv: "up", ffz: "up", "7tv": "up" };
  const requests: string[] = [];
  const hanging = new Set<ServerResponse>();
  const bttvChannel = [...FAKE_EMOTES.bttvChannel] as string[];
  const seventvChannel = [...FAKE_EMOTES.seventvChannel] as string[];
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const bttvEmote = (code: string) => ({ id: `bttv-${code}`, code, imageType: "png", animated: code === "SourPls" });
  const ffzEmote = (name: string) => ({
    id: name.length * 1000 + name.charCodeAt(0),
    name,
    height: 28,
    width: 28,
    public: true,
    hidden: false,
    modifier: false,
    owner: { _id: 1, name: "owner", display_name: "Owner" },
    urls: { "1": `${origin}/ffz-cdn/emote/${name}/1`, "2": `${origin}/ffz-cdn/emote/${name}/2` },
  });
  const seventvEmote = (name: string, flags = 0) => ({
    id: `7tv-${name}`,
    name,
    flags,
    timestamp: 1700000000000,
    actor_id: null,
    data: {
      id: `7tv-${name}`,
      name,
      flags: 0,
      lifecycle: 3,
      state: ["LISTED"],
      listed: true,
      animated: false,
      owner: null,
      host: {
        url: `${origin}/7tv-cdn/emote/7tv-${name}`,
        files: [
          {
            name: "1x.webp",
            static_name: "1x_static.webp",
            width: 28,
            height: 28,
            frame_count: 1,
            size: 400,
            format: "WEBP",
          },
          {
            name: "2x.webp",
            static_name: "2x_static.webp",
            width: 56,
            height: 56,
            frame_count: 1,
            size: 900,
            format: "WEBP",
          },
        ],
      },
    },
  });
  const seventvSet = (id: string, names: readonly string[]) => ({
    id,
    name: id,
    flags: 0,
    tags: [],
    immutable: false,
    privileged: false,
    emotes: names.map((name) => seventvEmote(name, name === "RainTime" ? 1 : 0)),
    emote_count: names.length,
    capacity: 1000,
    owner: null,
  });

  const routes: Record<string, (room: string | undefined) => unknown> = {
    "/bttv/3/cached/emotes/global": () => FAKE_EMOTES.bttvGlobal.map(bttvEmote),
    "/bttv/3/cached/users/twitch/:id": () => ({
      id: "bttv-user",
      bots: [],
      avatar: "",
      channelEmotes: bttvChannel.slice(1).map(bttvEmote),
      sharedEmotes: bttvChannel.slice(0, 1).map((code) => ({ ...bttvEmote(code), user: { id: "u", name: "someone" } })),
    }),
    "/ffz/v1/set/global": () => ({
      default_sets: [3],
      sets: { "3": { id: 3, _type: 1, title: "Global Emotes", emoticons: FAKE_EMOTES.ffzGlobal.map(ffzEmote) } },
      users: { "3": [] },
    }),
    "/ffz/v1/room/id/:id": (room) => ({
      room: { _id: 1, twitch_id: Number(room), id: "streamer", set: 777, display_name: "Streamer" },
      sets: {
        "777": { id: 777, _type: 1, title: "Channel: Streamer", emoticons: FAKE_EMOTES.ffzChannel.map(ffzEmote) },
      },
    }),
    "/7tv/v3/emote-sets/global": () => seventvSet("global-set", FAKE_EMOTES.seventvGlobal),
    "/7tv/v3/users/twitch/:id": (room) => ({
      id: room,
      platform: "TWITCH",
      username: "streamer",
      display_name: "Streamer",
      emote_capacity: 1000,
      emote_set_id: "channel-set",
      emote_set: seventvSet("channel-set", seventvChannel),
      user: { id: "7tv-user", username: "streamer" },
    }),
  };

  server.on("request", (req, res) => {
    const url = new URL(req.url ?? "/", origin);
    requests.push(url.pathname);
    const cdn = /^\/(?:emote|ffz-cdn\/emote|7tv-cdn\/emote)\/([^/]+)\//.exec(url.pathname);
    if (cdn?.[1]) {
      res.writeHead(200, { "content-type": "image/svg+xml", "cache-control": "max-age=3600" }).end(picture(cdn[1]));
      return;
    }
    const provider = url.pathname.split("/")[1] as Provider;
    const room = /\/(\d+)$/.exec(url.pathname)?.[1];
    const route = routes[room ? url.pathname.replace(/\d+$/, ":id") : url.pathname];
    const headers = { "content-type": "application/json", "access-control-allow-origin": "*" };
    if (!route || !(provider in state)) {
      res.writeHead(404, headers).end(JSON.stringify({ message: "Not Found" }));
      return;
    }
    if (state[provider] === "hanging") {
      hanging.add(res);
      return;
    }
    if (state[provider] === "failing") {
      res.writeHead(503, headers).end(JSON.stringify({ message: "Service Unavailable" }));
      return;
    }
    if (room && room !== FAKE_ROOM_ID) {
      res.writeHead(404, headers).end(JSON.stringify({ message: "user not found" }));
      return;
    }
    res.writeHead(200, headers).end(JSON.stringify(route(room)));
  });

  const sockets = { bttv: new Set<WebSocket>(), "7tv": new Set<WebSocket>() };
  const waiters: { provider: "bttv" | "7tv"; count: number; resolve: () => void }[] = [];
  const subscribed = (provider: "bttv" | "7tv", socket: WebSocket) => {
    sockets[provider].add(socket);
    for (const waiter of [...waiters]) {
      if (waiter.provider === provider && sockets[provider].size >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  const wss = new WebSocketServer({ noServer: true });
  server.on("upgrade", (req, socket, head) => {
    const path = new URL(req.url ?? "/", origin).pathname;
    const provider = path === "/bttv/3/events" ? "bttv" : path === "/7tv/v3/events" ? "7tv" : null;
    if (!provider || state[provider] !== "up") {
      socket.end("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    wss.handleUpgrade(req, socket, head, (client) => {
      client.on("close", () => sockets[provider].delete(client));
      if (provider === "7tv") {
        client.send(
          JSON.stringify({
            op: 1,
            t: Date.now(),
            d: { heartbeat_interval: 45000, session_id: "s1", subscription_limit: 500 },
          }),
        );
      }
      client.on("message", (data) => {
        const body = JSON.parse(data.toString()) as { name?: string; op?: number; d?: { type?: string } };
        if (provider === "bttv" && body.name === "join_channel") subscribed("bttv", client);
        if (provider === "7tv" && body.op === 35 && body.d?.type === "emote_set.update") subscribed("7tv", client);
      });
    });
  });

  const base = (path: string) => `${origin}${path}`;
  const bases = { bttv: base("/bttv/3"), ffz: base("/ffz/v1"), "7tv": base("/7tv/v3") };
  return {
    origin,
    bases,
    params: `&bttvApi=${encodeURIComponent(bases.bttv)}&ffzApi=${encodeURIComponent(bases.ffz)}&7tvApi=${encodeURIComponent(bases["7tv"])}`,
    state,
    requests,
    addSeventvChannelEmote(name) {
      seventvChannel.push(name);
      for (const client of sockets["7tv"]) {
        client.send(
          JSON.stringify({
            op: 0,
            t: Date.now(),
            d: {
              type: "emote_set.update",
              body: { id: "channel-set", pushed: [{ key: "emotes", value: seventvEmote(name) }] },
            },
          }),
        );
      }
    },
    addBttvChannelEmote(code) {
      bttvChannel.push(code);
      for (const client of sockets.bttv) {
        client.send(
          JSON.stringify({ name: "emote_create", data: { channel: `twitch:${FAKE_ROOM_ID}`, emote: bttvEmote(code) } }),
        );
      }
    },
    waitForSubscribers(provider, count) {
      if (sockets[provider].size >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ provider, count, resolve }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        for (const set of Object.values(sockets)) for (const client of set) client.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
