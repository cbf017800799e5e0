/**
 * Where a save lands when the desktop app is offline: on this computer, in the outbox, until the connection
 * returns. The desktop app says whether it is offline (its status area's Offline); a save's feedback then
 * says so instead of a plain 'updated', which would read as if the server had it. The web never provides
 * it, and there every save reads as usual.
 */
import { createContext, type ReactNode, useCallback, useContext } from "react";
import type { FeedbackMessage } from "../admin/feedback.tsx";

export const SAVED_OFFLINE = "Saved on this computer, it will sync when you are online";

const SavesWaitContext = createContext(false);

/** `offline`: the desktop app is connected to a server it cannot reach now. */
export function SavesWaitProvider({ offline, children }: { offline: boolean; children: ReactNode }) {
  return <SavesWaitContext.Provider value={offline}>{children}</SavesWaitContext.Provider>;
}

/** The feedback for a saved change: `text` as it is, or, offline, where it went (with `text` below it). */
export function savedFeedback(text: string, offline: boolean): FeedbackMessage {
  return offline ? { tone: "info", text: SAVED_OFFLINE, detail: text } : { tone: "success", text };
}

/** `savedFeedback` with the app's connection as it is now. */
export function useSavedFeedback(): (text: string) => FeedbackMessage {
  const offline = useContext(SavesWaitContext);
  return useCallback((text: string) => savedFeedback(text, offline), [offline]);
}
