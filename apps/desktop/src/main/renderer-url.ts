/**
 * Which URL is the app's own renderer, and whether another URL is that same page. The IPC guard and the
 * navigation guard both decide by this one rule.
 */
import { pathToFileURL } from "node:url";

export interface RendererUrlInput {
  /** Electron's `app.isPackaged`: a packaged app never loads a dev server, whatever the environment says. */
  isPackaged: boolean;
  /** `ELECTRON_RENDERER_URL`, set by `electron-vite dev`. */
  devServerUrl: string | undefined;
  /** Absolute path of the built out/renderer/index.html. */
  rendererIndexPath: string;
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function resolveRendererUrl({ isPackaged, devServerUrl, rendererIndexPath }: RendererUrlInput): string {
  if (!isPackaged && devServerUrl) {
    const url = parse(devServerUrl);
    // Only a dev server on this machine: an environment variable must not point the app at a remote site.
    if (url && url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return url.href;
  }
  return pathToFileURL(rendererIndexPath).href;
}

/**
 * A file:// renderer is exactly its index.html (any other local file is foreign); a dev-server renderer
 * is its origin. Query and fragment never matter (the admin panel routes with them).
 */
export function isRendererPage(candidate: string, rendererUrl: string): boolean {
  const url = parse(candidate);
  const own = parse(rendererUrl);
  if (!url || !own) return false;
  if (own.protocol === "file:") {
    return url.protocol === "file:" && url.host === own.host && url.pathname === own.pathname;
  }
  return url.origin === own.origin;
}

function parse(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}
