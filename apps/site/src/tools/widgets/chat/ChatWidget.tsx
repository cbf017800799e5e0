/** The chat box overlay: newest message at the bottom, old ones fading out when configured. */
import { cx } from "@portfolio/ui";
import { ChatBadge } from "./ChatBadge.tsx";
import { isFading } from "./chat-log.ts";
import { type ChatMessage, emoteUrl } from "./chat-message.ts";
import type { ChatOptions } from "./chat-options.ts";
import { useChatFeed } from "./use-chat-feed.ts";

const STATUS_TEXT = {
  connecting: "Connecting to Twitch chat…",
  connected: "Connected to Twitch chat.",
  reconnecting: "Connection lost, reconnecting…",
  stopped: "Disconnected.",
} as const;

export default function ChatWidget({ options, preview = false }: { options: ChatOptions; preview?: boolean }) {
  const { messages, status, now, fadeMs } = useChatFeed(options);
  return (
    <div
      className={cx("widget-text flex flex-col justify-end overflow-hidden p-3", preview ? "h-full" : "h-dvh")}
      style={{ fontSize: options.fontSize }}
      data-testid="chat-widget"
      data-status={status}
    >
      <p className="sr-only" role="status">
        {STATUS_TEXT[status]}
      </p>
      <div
        role="log"
        aria-label={options.demo ? "Sample chat" : `Twitch chat of ${options.channel}`}
        className="flex flex-col items-start gap-1.5"
      >
        {messages.map((message) => (
          <ChatLine
            key={message.id}
            message={message}
            showBadges={options.showBadges}
            fading={isFading(message, now, fadeMs)}
          />
        ))}
      </div>
    </div>
  );
}

function ChatLine({ message, showBadges, fading }: { message: ChatMessage; showBadges: boolean; fading: boolean }) {
  return (
    <div
      className={cx(
        "widget-in max-w-full rounded-[0.5em] bg-black/40 px-[0.6em] py-[0.25em] leading-snug break-words transition-opacity duration-1000",
        fading && "opacity-0",
      )}
      data-testid="chat-message"
      data-id={message.id}
      data-login={message.login}
    >
      {showBadges ? message.badges.map((badge) => <ChatBadge key={badge.kind} badge={badge} />) : null}
      <span className="font-bold" style={{ color: message.color }} data-testid="chat-name">
        {message.displayName}
      </span>
      {message.action ? " " : ": "}
      <span style={message.action ? { color: message.color, fontStyle: "italic" } : undefined}>
        {message.fragments.map((fragment, i) =>
          fragment.type === "text" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: fragments never move within a message.
            <span key={i}>{fragment.text}</span>
          ) : (
            <img
              // biome-ignore lint/suspicious/noArrayIndexKey: fragments never move within a message.
              key={i}
              src={emoteUrl(fragment.id)}
              srcSet={`${emoteUrl(fragment.id, "2.0")} 2x, ${emoteUrl(fragment.id, "3.0")} 3x`}
              alt={fragment.name}
              title={fragment.name}
              className="mx-[0.1em] inline-block h-[1.6em] w-auto align-middle"
              data-emote={fragment.id}
            />
          ),
        )}
      </span>
    </div>
  );
}
