/**
 * Who may call main over IPC (docs/security.md, promise 19): only the app's own renderer page, and only its top frame (a
 * frame embedded in it, were one ever to load, is foreign). The shape is Electron's `event.senderFrame`
 * (a WebFrameMain: its URL and its parent frame, null for a top frame), which can itself be null when the
 * frame is already gone.
 */
import { isRendererPage } from "./renderer-url.ts";

export interface SenderFrame {
  url: string;
  parent: unknown;
}

export function isTrustedSender(frame: SenderFrame | null | undefined, rendererUrl: string): boolean {
  if (!frame) return false;
  if (frame.parent !== null) return false;
  return isRendererPage(frame.url, rendererUrl);
}
