/**
 * What the chat box holds: messages in, deleted messages (CLEARMSG) and banned or timed-out chatters
 * (CLEARCHAT) out, commands and listed bots never shown, at most `maxLines`, and messages older than the
 * fade time faded out and dropped. Pure: every function answers a new list (or the same one when nothing
 * changed).
 */
import { type ChatMessage, toChatMessage } from "./chat-message.ts";
import { type IrcMessage, nickOf } from "./irc.ts";

/** How long the fade-out animation of an old message lasts. */
export const FADE_OUT_MS = 1000;

export interface ChatLogOptions {
  maxLines: number;
  /** 0 keeps messages until pushed out by the line limit. */
  fadeMs: number;
  hideCommands: boolean;
  /** Logins never shown (bots), lower case. */
  hiddenUsers: readonly string[];
}

export function isShown(message: ChatMessage, options: ChatLogOptions): boolean {
  if (options.hideCommands && message.text.trimStart().startsWith("!")) return false;
  return !options.hiddenUsers.includes(message.login);
}

export function applyChatEvent(
  log: readonly ChatMessage[],
  event: IrcMessage,
  options: ChatLogOptions,
  now: number,
): readonly ChatMessage[] {
  switch (event.command) {
    case "PRIVMSG": {
      const message = toChatMessage(event, now);
      if (!message || !isShown(message, options)) return log;
      const next = [...log, message];
      return next.length > options.maxLines ? next.slice(next.length - options.maxLines) : next;
    }
    case "CLEARMSG": {
      const target = event.tags["target-msg-id"];
      if (!target) return log;
      const next = log.filter((message) => message.id !== target);
      return next.length === log.length ? log : next;
    }
    case "CLEARCHAT": {
      const login = event.params[1]?.trim().toLowerCase();
      if (!login) return log.length === 0 ? log : [];
      const userId = event.tags["target-user-id"];
      const next = log.filter((message) => !(message.login === login || (userId && message.userId === userId)));
      return next.length === log.length ? log : next;
    }
    default:
      return log;
  }
}

/** Whether a message is in its fade-out. */
export function isFading(message: ChatMessage, now: number, fadeMs: number): boolean {
  return fadeMs > 0 && now - message.receivedAt >= fadeMs;
}

/** Drops messages whose fade-out has finished. */
export function pruneFaded(log: readonly ChatMessage[], now: number, fadeMs: number): readonly ChatMessage[] {
  if (fadeMs <= 0) return log;
  const next = log.filter((message) => now - message.receivedAt < fadeMs + FADE_OUT_MS);
  return next.length === log.length ? log : next;
}

/** The chatter's login of a chat event (for logs and tests). */
export function loginOf(event: IrcMessage): string {
  return event.tags.login || nickOf(event.prefix);
}
