/**
 * The chat box overlay: newest message at the bottom, old ones fading out when configured. React draws the
 * frame once; the lines are drawn by ChatView, outside React, so a busy chat costs no re-render per message.
 */
import { cx } from "@portfolio/ui";
import { useEffect, useRef, useState } from "react";
import { ChatFeed } from "./chat-feed.ts";
import type { ChatOptions } from "./chat-options.ts";
import { ChatView } from "./chat-view.ts";
import type { ChatStatus } from "./twitch-chat-client.ts";

const STATUS_TEXT = {
  connecting: "Connecting to Twitch chat…",
  connected: "Connected to Twitch chat.",
  reconnecting: "Connection lost, reconnecting…",
  stopped: "Disconnected.",
} as const;

export default function ChatWidget({ options, preview = false }: { options: ChatOptions; preview?: boolean }) {
  const [status, setStatus] = useState<ChatStatus>("connecting");
  const [paused, setPaused] = useState(false);
  const [emoteCount, setEmoteCount] = useState(0);
  const log = useRef<HTMLDivElement>(null);
  const feed = useRef<ChatFeed | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const { channel, server, demo, showBadges, emotes, emoteBases } = options;
  const emoteKey = JSON.stringify([emotes, emoteBases]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: emoteKey stands for the emote settings.
  useEffect(() => {
    const root = log.current;
    if (!root) return;
    const view = new ChatView(root, showBadges);
    const current = new ChatFeed({
      options: latest.current,
      view,
      onStatus: setStatus,
      onPaused: setPaused,
      onEmotes: setEmoteCount,
    });
    feed.current = current;
    current.start();
    return () => {
      current.stop();
      view.destroy();
      feed.current = null;
    };
  }, [channel, server, demo, showBadges, emoteKey]);

  // The builder's preview: limit, fade and filters apply to the running chat.
  useEffect(() => {
    feed.current?.setRules(options);
  }, [options]);

  return (
    <div
      className={cx("widget-text chat-box", preview ? "h-full" : "h-dvh", paused && "widget-paused")}
      style={{ fontSize: options.fontSize }}
      data-testid="chat-widget"
      data-status={status}
      data-paused={paused}
      data-emotes={emoteCount}
    >
      <p className="sr-only" role="status">
        {STATUS_TEXT[status]}
      </p>
      <div
        ref={log}
        role="log"
        aria-label={options.demo ? "Sample chat" : `Twitch chat of ${options.channel}`}
        className="chat-log"
      />
    </div>
  );
}
