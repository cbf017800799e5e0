/**
 * The providers' own news of a channel's emotes changing, so an emote the streamer adds shows up within
 * seconds rather than at the next refresh. 7TV's EventAPI (`wss://events.7tv.io/v3`: subscribe with op 35 to
 * `emote_set.update` for the channel's set, dispatches come as op 0) and BetterTTV's socket
 * (`wss://sockets.betterttv.net/ws`: `join_channel` with `twitch:<id>`, then `emote_create`, `emote_update`,
 * `emote_delete`). FrankerFaceZ has no such feed: its sets follow the periodic refresh. With a provider's
 * base moved to this machine (a fake), its socket is `ws://that-host/that-path/events`.
 */
import { ReconnectingSocket, type SocketLike } from "../../../common/reconnecting-socket.ts";
import { DEFAULT_PROVIDER_BASES, type EmoteProvider, isObject, type ProviderBases } from "./emote.ts";

export const SEVENTV_EVENTS_URL = "wss://events.7tv.io/v3";
export const BTTV_EVENTS_URL = "wss://sockets.betterttv.net/ws";

export function eventsUrl(provider: "bttv" | "7tv", bases: ProviderBases): string {
  const base = bases[provider];
  if (base === DEFAULT_PROVIDER_BASES[provider]) return provider === "7tv" ? SEVENTV_EVENTS_URL : BTTV_EVENTS_URL;
  return `${base.replace(/^http/, "ws")}/events`;
}

export interface EmoteEventsOptions {
  providers: readonly EmoteProvider[];
  bases: ProviderBases;
  onChange: (provider: EmoteProvider) => void;
  createSocket?: (url: string) => SocketLike;
}

const parse = (data: string): Record<string, unknown> | null => {
  try {
    const body: unknown = JSON.parse(data);
    return isObject(body) ? body : null;
  } catch {
    return null;
  }
};

export class EmoteEvents {
  private seventv: ReconnectingSocket | null = null;
  private bttv: ReconnectingSocket | null = null;
  private seventvSet: string | null = null;
  private channelId: string | null = null;

  constructor(private readonly options: EmoteEventsOptions) {}

  /** Listens to BTTV's news of this channel (the Twitch user id). */
  watchChannel(channelId: string): void {
    if (!this.options.providers.includes("bttv") || channelId === this.channelId) return;
    this.channelId = channelId;
    this.bttv?.stop();
    const join = (socket: SocketLike) =>
      socket.send(JSON.stringify({ name: "join_channel", data: { name: `twitch:${channelId}` } }));
    this.bttv = new ReconnectingSocket({
      url: () => eventsUrl("bttv", this.options.bases),
      createSocket: this.options.createSocket,
      onOpen: join,
      onMessage: (data) => {
        const body = parse(data);
        if (!body || typeof body.name !== "string" || !/^emote_(create|update|delete)$/.test(body.name)) return;
        const about = isObject(body.data) ? body.data.channel : undefined;
        this.bttv?.markHealthy();
        if (about === undefined || about === `twitch:${channelId}`) this.options.onChange("bttv");
      },
    });
    this.bttv.start();
  }

  /** Listens to 7TV's news of the channel's emote set. */
  watchSeventvSet(setId: string): void {
    if (!this.options.providers.includes("7tv") || setId === this.seventvSet) return;
    this.seventvSet = setId;
    this.seventv?.stop();
    this.seventv = new ReconnectingSocket({
      url: () => eventsUrl("7tv", this.options.bases),
      createSocket: this.options.createSocket,
      onMessage: (data, socket) => {
        const body = parse(data);
        if (!body) return;
        const payload = isObject(body.d) ? body.d : {};
        if (body.op === 1) {
          // Hello: the session is up; subscribe to the channel's set.
          this.seventv?.markHealthy();
          socket.send(JSON.stringify({ op: 35, d: { type: "emote_set.update", condition: { object_id: setId } } }));
        } else if (body.op === 0 && payload.type === "emote_set.update") {
          this.options.onChange("7tv");
        }
      },
    });
    this.seventv.start();
  }

  stop(): void {
    this.bttv?.stop();
    this.seventv?.stop();
    this.bttv = null;
    this.seventv = null;
  }
}
