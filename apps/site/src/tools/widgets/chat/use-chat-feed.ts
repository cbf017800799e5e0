/** The chat box's live list: Twitch (or a loopback stand-in, or the demo lines), run through the chat rules. */
import { useEffect, useMemo, useRef, useState } from "react";
import { DEMO_INTERVAL_MS, demoIrcLine } from "./chat-demo.ts";
import { applyChatEvent, type ChatLogOptions, pruneFaded } from "./chat-log.ts";
import type { ChatMessage } from "./chat-message.ts";
import type { ChatOptions } from "./chat-options.ts";
import { type IrcMessage, parseIrcMessage } from "./irc.ts";
import { type ChatStatus, TwitchChatClient } from "./twitch-chat-client.ts";

const FADE_TICK_MS = 250;

export function useChatFeed(options: ChatOptions) {
  const [messages, setMessages] = useState<readonly ChatMessage[]>([]);
  const [status, setStatus] = useState<ChatStatus>("connecting");
  const [now, setNow] = useState(() => Date.now());
  const fadeMs = options.fadeSeconds * 1000;
  const logOptions = useMemo<ChatLogOptions>(
    () => ({
      maxLines: options.maxLines,
      fadeMs,
      hideCommands: options.hideCommands,
      hiddenUsers: options.hiddenUsers,
    }),
    [options.maxLines, fadeMs, options.hideCommands, options.hiddenUsers],
  );
  const rules = useRef(logOptions);
  rules.current = logOptions;
  const { channel, server, demo } = options;

  useEffect(() => {
    setMessages([]);
    const apply = (event: IrcMessage) => setMessages((log) => applyChatEvent(log, event, rules.current, Date.now()));
    if (demo) {
      setStatus("connected");
      let n = 0;
      const push = () => {
        const event = parseIrcMessage(demoIrcLine(n++, Date.now()));
        if (event) apply(event);
      };
      for (let i = 0; i < 3; i++) push();
      const timer = window.setInterval(push, DEMO_INTERVAL_MS);
      return () => window.clearInterval(timer);
    }
    if (!channel) return;
    const client = new TwitchChatClient({ channel, url: server ?? undefined, onEvent: apply, onStatus: setStatus });
    client.start();
    return () => client.stop();
  }, [channel, server, demo]);

  // A lower line limit (the builder's preview) applies at once.
  useEffect(() => {
    setMessages((log) => (log.length > logOptions.maxLines ? log.slice(log.length - logOptions.maxLines) : log));
  }, [logOptions.maxLines]);

  const hasMessages = messages.length > 0;
  useEffect(() => {
    if (fadeMs <= 0 || !hasMessages) return;
    const timer = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      setMessages((log) => pruneFaded(log, at, fadeMs));
    }, FADE_TICK_MS);
    return () => window.clearInterval(timer);
  }, [fadeMs, hasMessages]);

  return { messages, status, now, fadeMs };
}
