/**
 * Which URL is the app's own renderer, and whether another URL belongs to it. The IPC guard, the
 * navigation guard and the app:// file handler all decide by this one rule.
 */
import { APP_RENDERER_URL } from "./app-scheme.ts";

export interface RendererUrlInput {
  /** Electron's `app.isPackaged`: a packaged app never loads a dev server, whatever the environment says. */
  isPackaged: boolean;
  /** `ELECTRON_RENDERER_URL`, set by `electron-vite dev`. */
  devServerUrl: string | undefined;
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The schemes a renderer can be served over: app:// when built, http:// from the dev server. */
const RENDERER_PROTOCOLS = new Set(["app:", "http:"]);

export function resolveRendererUrl({ isPackaged, devServerUrl }: RendererUrlInput): string {
  if (!isPackaged && devServerUrl) {
    const url = parse(devServerUrl);
    // Only a dev server on this machine: an environment variable must not point the app at a remote site.
    if (url && url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return url.href;
  }
  return APP_RENDERER_URL;
}

/**
 * Whether a URL is of the renderer's origin: the same scheme, host and port. Any path of that origin is
 * the app's own (the app:// handler serves nothing but the built renderer folder); query and fragment
 * never matter (the admin panel routes with them). Scheme and host are compared rather than `origin`,
 * which Node's URL reports as "null" for a scheme it does not know, such as app:.
 */
export function isRendererPage(candidate: string, rendererUrl: string): boolean {
  const url = parse(candidate);
  const own = parse(rendererUrl);
  if (!url || !own || !RENDERER_PROTOCOLS.has(own.protocol)) return false;
  return url.protocol === own.protocol && url.host === own.host;
}

function parse(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}
