/**
 * The chat box's engine, outside React (a busy chat would otherwise re-render on every message): Twitch
 * events (or the demo lines) go through the chat rules into the log; the log is drawn in a frame at most
 * every BATCH_MS, whatever the message rate (a busy chat's messages are drawn together); one timer serves the next fade, none runs while nothing is due; the
 * channel's third-party emotes load beside it. A hidden source (OBS off-scene) draws nothing and runs no
 * timer until it is shown again; the log keeps following the chat meanwhile.
 */
import { onVisibilityChange, pageIsVisible } from "../page-visibility.ts";
import { DEMO_INTERVAL_MS, demoIrcLine } from "./chat-demo.ts";
import { applyChatEvent, type ChatLogOptions, FADE_OUT_MS, isFading, pruneFaded } from "./chat-log.ts";
import type { ChatMessage, Fragment } from "./chat-message.ts";
import { type ChatOptions, enabledProviders } from "./chat-options.ts";
import { type ChatView, ENTRY_MS } from "./chat-view.ts";
import { EmoteEvents } from "./emotes/emote-events.ts";
import { EMOTE_REFRESH_MS, EmoteStore } from "./emotes/emote-store.ts";
import type { EmoteTable } from "./emotes/emote-table.ts";
import { withThirdPartyEmotes } from "./emotes/emote-words.ts";
import { type IrcMessage, parseIrcMessage } from "./irc.ts";
import { type ChatStatus, TwitchChatClient } from "./twitch-chat-client.ts";

/**
 * The least time between two draws: a chat draws at most ten times a second, each time all its new lines,
 * instead of once per message; a draw (style, layout, paint) costs about the same for one line as for five.
 */
export const BATCH_MS = 100;
/**
 * A busy chat (messages less than an entry animation apart: no entry is shown, nobody reads each line as it
 * comes) draws four times a second.
 */
export const BUSY_BATCH_MS = 250;

export interface ChatFeedOptions {
  options: ChatOptions;
  view: ChatView;
  onStatus: (status: ChatStatus) => void;
  onPaused?: (paused: boolean) => void;
  /** How many third-party emotes the channel has now (the widget shows it as `data-emotes`). */
  onEmotes?: (count: number) => void;
}

export class ChatFeed {
  private log: readonly ChatMessage[] = [];
  /** Each shown message's fragments before third-party emotes (to redo them when the sets change). */
  private readonly twitchFragments = new WeakMap<ChatMessage, Fragment[]>();
  private rules: ChatLogOptions;
  private table: EmoteTable = new Map();
  private frame = 0;
  private batchTimer = 0;
  private lastDraw = Number.NEGATIVE_INFINITY;
  private lastMessageAt = Number.NEGATIVE_INFINITY;
  private busy = false;
  private fadeTimer = 0;
  private fadeAt = Number.POSITIVE_INFINITY;
  private refreshTimer = 0;
  private lastRefresh = Date.now();
  private visible = pageIsVisible();
  private readonly stops: (() => void)[] = [];
  private readonly store: EmoteStore | null;
  private readonly events: EmoteEvents | null;

  constructor(private readonly config: ChatFeedOptions) {
    this.rules = rulesOf(config.options);
    const providers = enabledProviders(config.options);
    this.store = providers.length
      ? new EmoteStore({
          providers,
          bases: config.options.emoteBases,
          onChange: (table) => this.useTable(table),
          onSeventvSet: (setId) => this.events?.watchSeventvSet(setId),
        })
      : null;
    this.events =
      this.store && !config.options.demo
        ? new EmoteEvents({
            providers,
            bases: config.options.emoteBases,
            onChange: (provider) => this.store?.refreshProvider(provider),
          })
        : null;
  }

  start(): void {
    const { options } = this.config;
    this.stops.push(onVisibilityChange((visible) => this.setVisible(visible)));
    this.config.onPaused?.(!this.visible);
    if (options.demo) {
      this.config.onStatus("connected");
      this.store?.setChannel(null);
      let n = 0;
      const push = () => {
        const event = parseIrcMessage(demoIrcLine(n++, Date.now()));
        if (event) this.apply(event);
      };
      for (let i = 0; i < 3; i++) push();
      const timer = window.setInterval(() => {
        // Off-scene, the demo stands still rather than piling up lines nobody sees.
        if (this.visible) push();
      }, DEMO_INTERVAL_MS);
      this.stops.push(() => window.clearInterval(timer));
    } else if (options.channel) {
      const client = new TwitchChatClient({
        channel: options.channel,
        url: options.server ?? undefined,
        onEvent: (event) => this.apply(event),
        onStatus: this.config.onStatus,
        onRoom: (roomId) => {
          this.store?.setChannel(roomId);
          this.events?.watchChannel(roomId);
        },
      });
      client.start();
      this.stops.push(() => client.stop());
    }
    this.startRefresh();
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.store?.stop();
    this.events?.stop();
    window.cancelAnimationFrame(this.frame);
    window.clearTimeout(this.batchTimer);
    window.clearTimeout(this.fadeTimer);
    window.clearInterval(this.refreshTimer);
    this.frame = 0;
    this.batchTimer = 0;
  }

  /** The builder's preview changes settings live: a lower line limit or a new fade time apply at once. */
  setRules(options: ChatOptions): void {
    this.rules = rulesOf(options);
    if (this.log.length > this.rules.maxLines) this.log = this.log.slice(this.log.length - this.rules.maxLines);
    this.resetFadeTimer();
    this.schedule();
  }

  get messages(): readonly ChatMessage[] {
    return this.log;
  }

  private apply(event: IrcMessage): void {
    const before = this.log;
    const next = applyChatEvent(before, event, this.rules, Date.now());
    if (next === before) return;
    const added = next.at(-1);
    if (added && added !== before.at(-1) && event.command === "PRIVMSG") {
      const at = performance.now();
      this.busy = at - this.lastMessageAt < ENTRY_MS;
      this.lastMessageAt = at;
      this.twitchFragments.set(added, added.fragments);
      if (this.table.size) {
        const withEmotes = { ...added, fragments: withThirdPartyEmotes(added.fragments, this.table) };
        this.twitchFragments.set(withEmotes, added.fragments);
        this.log = [...next.slice(0, -1), withEmotes];
      } else this.log = next;
    } else this.log = next;
    this.schedule();
  }

  private useTable(table: EmoteTable): void {
    this.table = table;
    this.config.onEmotes?.(table.size);
    // Lines drawn before the sets came in get their emotes now.
    let changed = false;
    const next = this.log.map((message) => {
      const base = this.twitchFragments.get(message) ?? message.fragments;
      const fragments = withThirdPartyEmotes(base, table);
      if (sameFragments(fragments, message.fragments)) return message;
      changed = true;
      const updated = { ...message, fragments };
      this.twitchFragments.set(updated, base);
      return updated;
    });
    if (changed) {
      this.log = next;
      this.schedule();
    }
  }

  /**
   * Draws on the next frame, or the first frame BATCH_MS (a busy chat: BUSY_BATCH_MS) after the last draw;
   * messages until then come along.
   */
  private schedule(): void {
    if (this.frame || this.batchTimer || !this.visible) return;
    const wait = this.lastDraw + (this.busy ? BUSY_BATCH_MS : BATCH_MS) - performance.now();
    if (wait > 1) {
      this.batchTimer = window.setTimeout(() => {
        this.batchTimer = 0;
        this.requestFrame();
      }, wait);
    } else this.requestFrame();
  }

  private requestFrame(): void {
    this.frame = window.requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  private draw(): void {
    this.lastDraw = performance.now();
    const now = Date.now();
    const fadeMs = this.rules.fadeMs;
    this.log = pruneFaded(this.log, now, fadeMs);
    this.config.view.render(this.log, (message) => isFading(message, now, fadeMs));
    this.resetFadeTimer();
  }

  /** One timer, for the next message to start or finish fading; none while no message will. */
  private resetFadeTimer(): void {
    const fadeMs = this.rules.fadeMs;
    let next = Number.POSITIVE_INFINITY;
    if (fadeMs > 0 && this.visible) {
      const now = Date.now();
      for (const message of this.log) {
        const start = message.receivedAt + fadeMs;
        const due = now >= start ? start + FADE_OUT_MS : start;
        if (due < next) next = due;
      }
    }
    if (next === this.fadeAt) return;
    window.clearTimeout(this.fadeTimer);
    this.fadeTimer = 0;
    this.fadeAt = next;
    if (next === Number.POSITIVE_INFINITY) return;
    this.fadeTimer = window.setTimeout(
      () => {
        this.fadeTimer = 0;
        this.fadeAt = Number.POSITIVE_INFINITY;
        this.draw();
      },
      Math.max(0, next - Date.now()),
    );
  }

  private startRefresh(): void {
    if (!this.store || !this.visible) return;
    window.clearInterval(this.refreshTimer);
    this.refreshTimer = window.setInterval(() => {
      this.lastRefresh = Date.now();
      this.store?.refresh();
    }, EMOTE_REFRESH_MS);
  }

  private setVisible(visible: boolean): void {
    if (visible === this.visible) return;
    this.visible = visible;
    this.config.onPaused?.(!visible);
    if (!visible) {
      window.cancelAnimationFrame(this.frame);
      this.frame = 0;
      window.clearTimeout(this.batchTimer);
      this.batchTimer = 0;
      window.clearTimeout(this.fadeTimer);
      this.fadeTimer = 0;
      this.fadeAt = Number.POSITIVE_INFINITY;
      window.clearInterval(this.refreshTimer);
      return;
    }
    if (this.store && Date.now() - this.lastRefresh >= EMOTE_REFRESH_MS) {
      this.lastRefresh = Date.now();
      this.store.refresh();
    }
    this.startRefresh();
    this.schedule();
  }
}

function rulesOf(options: ChatOptions): ChatLogOptions {
  return {
    maxLines: options.maxLines,
    fadeMs: options.fadeSeconds * 1000,
    hideCommands: options.hideCommands,
    hiddenUsers: options.hiddenUsers,
  };
}

function sameFragments(a: readonly Fragment[], b: readonly Fragment[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((fragment, i) => {
    const other = b[i] as Fragment;
    if (fragment.type !== other.type) return false;
    if (fragment.type === "text") return other.type === "text" && other.text === fragment.text;
    if (fragment.type === "extra" && other.type === "extra" && fragment.emote !== other.emote) return false;
    const overlays = (f: Fragment) => (f.type === "text" ? 0 : (f.overlays?.length ?? 0));
    return overlays(fragment) === overlays(other);
  });
}
