/**
 * The panel's message area: one message at a time (the outcome of the last action), shown in a corner
 * toast that stays visible while scrolling, announced politely (success) or assertively (errors).
 *
 * A message may offer one action ('Undo' after a delete). Its button takes focus when the toast appears,
 * so a keyboard user reaches it at once, and the toast stays while the button has focus or the pointer.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { ApiNetworkError, failureReason } from "../api/api-client.ts";
import { FOCUS_RING } from "../components/Button.tsx";
import { cx } from "../components/cx.ts";
import { CloseIcon } from "../components/secondary-icons.tsx";

export interface FeedbackMessage {
  tone: "success" | "error" | "info";
  text: string;
  /** A second line, e.g. the server's reason behind a fixed failure message. */
  detail?: string;
  /** One button in the toast, e.g. 'Undo'; pressing it dismisses the message and runs `run`. */
  action?: { label: string; run: () => void };
}

/** A failed call: the spec's fixed text (`networkText` when the server was not reached), the reason below it. */
export function failureFeedback(text: string, error: unknown, networkText = text): FeedbackMessage {
  return { tone: "error", text: error instanceof ApiNetworkError ? networkText : text, detail: failureReason(error) };
}

interface FeedbackValue {
  message: FeedbackMessage | null;
  notify: (message: FeedbackMessage | null) => void;
  /** The pointer or focus is in the toast: it does not fade meanwhile. */
  hold: (held: boolean) => void;
}

const FeedbackContext = createContext<FeedbackValue>({ message: null, notify: () => {}, hold: () => {} });

/** Success and info messages fade after this long; errors stay until dismissed or replaced. */
export const FEEDBACK_TIMEOUT_MS = 10_000;

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<FeedbackMessage | null>(null);
  const [held, hold] = useState(false);
  const notify = useCallback((next: FeedbackMessage | null) => setMessage(next), []);
  useEffect(() => {
    if (!message || message.tone === "error" || held) return;
    const timer = setTimeout(() => setMessage(null), FEEDBACK_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [message, held]);
  const value = useMemo(() => ({ message, notify, hold }), [message, notify]);
  return <FeedbackContext.Provider value={value}>{children}</FeedbackContext.Provider>;
}

export function useNotify(): (message: FeedbackMessage | null) => void {
  return useContext(FeedbackContext).notify;
}

const TONES: Record<FeedbackMessage["tone"], string> = {
  error: "border-red-300 bg-red-50 text-red-800 dark:border-red-800/70 dark:bg-red-950 dark:text-red-200",
  success:
    "border-emerald-300 bg-emerald-50 text-emerald-800 dark:border-emerald-800/70 dark:bg-emerald-950 dark:text-emerald-200",
  info: "border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800/70 dark:bg-sky-950 dark:text-sky-200",
};

/**
 * Two live regions that are always in the page (so screen readers notice what appears in them): a polite
 * one for success and info, an assertive one for errors.
 */
export function FeedbackToast() {
  const { message, notify, hold } = useContext(FeedbackContext);
  const actionButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (message?.action) actionButton.current?.focus();
    else hold(false);
  }, [message, hold]);
  const card = message ? (
    <div
      data-testid="admin-feedback"
      data-tone={message.tone}
      className={cx(
        "pointer-events-auto flex w-full items-start gap-3 rounded-lg border px-4 py-3 text-sm font-medium shadow-lg motion-safe:animate-[pop-in_160ms_ease-out]",
        TONES[message.tone],
      )}
    >
      <div className="min-w-0 flex-1">
        <p data-testid="admin-feedback-text">{message.text}</p>
        {message.detail ? <p className="mt-1 text-xs font-normal">{message.detail}</p> : null}
      </div>
      {message.action ? (
        <button
          ref={actionButton}
          type="button"
          data-testid="admin-feedback-action"
          onPointerEnter={() => hold(true)}
          onPointerLeave={() => hold(false)}
          onFocus={() => hold(true)}
          onBlur={() => hold(false)}
          onClick={() => {
            const run = message.action?.run;
            notify(null);
            run?.();
          }}
          className={cx(
            "-my-1 shrink-0 rounded-md border border-current px-2.5 py-1 text-sm font-semibold hover:bg-black/5 dark:hover:bg-white/10",
            FOCUS_RING,
          )}
        >
          {message.action.label}
        </button>
      ) : null}
      <button
        type="button"
        onClick={() => notify(null)}
        aria-label="Dismiss message"
        className={cx("-m-1 shrink-0 rounded-md p-1 opacity-80 hover:opacity-100", FOCUS_RING)}
      >
        <CloseIcon size={16} />
      </button>
    </div>
  ) : null;
  const error = message?.tone === "error";
  return (
    <div className="pointer-events-none fixed right-4 bottom-4 z-40 w-[min(26rem,calc(100vw-2rem))]">
      <div role="status" aria-atomic="true">
        {error ? null : card}
      </div>
      <div role="alert" aria-atomic="true">
        {error ? card : null}
      </div>
    </div>
  );
}
