/**
 * Navigation and new windows (docs/security.md, promise 18): the app's window only ever shows the app's own renderer.
 * A navigation elsewhere (a plain link, a redirect, a script setting location) is cancelled; when it is
 * an http(s) link it opens in the system browser instead, which is what clicking a project's link means.
 * window.open and target=_blank never create an Electron window.
 */
import { type OpenExternal, openExternalLink } from "./external-links.ts";
import { isRendererPage } from "./renderer-url.ts";

export interface NavigationGuardOptions {
  rendererUrl: string;
  openExternal: OpenExternal;
}

/** The part of Electron's will-navigate / will-redirect event the guard uses. */
export interface NavigationEvent {
  url: string;
  preventDefault(): void;
}

export function isAllowedNavigation(targetUrl: string, rendererUrl: string): boolean {
  return isRendererPage(targetUrl, rendererUrl);
}

/** For `webContents.on('will-navigate' | 'will-redirect', ...)`. */
export function navigationHandler({ rendererUrl, openExternal }: NavigationGuardOptions) {
  return (event: NavigationEvent): void => {
    if (isAllowedNavigation(event.url, rendererUrl)) return;
    event.preventDefault();
    void openExternalLink(event.url, openExternal).catch(() => undefined);
  };
}

/** For `webContents.setWindowOpenHandler(...)`: never a new window; http(s) links go to the browser. */
export function windowOpenHandler({ openExternal }: Pick<NavigationGuardOptions, "openExternal">) {
  return (details: { url: string }): { action: "deny" } => {
    void openExternalLink(details.url, openExternal).catch(() => undefined);
    return { action: "deny" };
  };
}
