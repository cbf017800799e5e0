/**
 * The app:// handler (given to `protocol.handle`): it answers a request with a file of the built renderer
 * folder and nothing else. A URL is mapped to a file segment by segment; a segment that could climb out
 * of the folder or name something a build never writes (`..`, an encoded slash or backslash, a drive
 * letter, a NUL) is refused before the disk is touched, and the joined path is checked to stay inside
 * the folder all the same. The response carries the renderer's CSP as a header, because Electron's
 * webRequest hooks do not see custom protocols.
 */
import { readFile } from "node:fs/promises";
import { extname, isAbsolute, join, relative, resolve } from "node:path";
import { isRendererPage } from "./renderer-url.ts";

export interface RendererFilesOptions {
  /** Absolute path of the built renderer folder (out/renderer, inside app.asar when packaged). */
  rendererDir: string;
  /** The renderer's own URL: requests to any other origin are refused. */
  rendererUrl: string;
  /** The Content-Security-Policy sent with every file. */
  csp: string;
}

/** A vite build names its files with letters, digits and `._-` (plus a hash); nothing else is served. */
const SAFE_SEGMENT = /^[\w.@~+-]+$/;
const ONLY_DOTS = /^\.+$/;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".txt": "text/plain; charset=utf-8",
};

/** Chromium runs a module script only with a JavaScript type; anything unknown is plain bytes. */
export function contentTypeOf(filePath: string): string {
  return CONTENT_TYPES[extname(filePath).toLowerCase()] ?? "application/octet-stream";
}

/**
 * The file inside `rendererDir` that a URL's path names, or null when the path is not one the renderer
 * folder could hold. The folder itself ("/") means its index.html.
 */
export function rendererFilePath(pathname: string, rendererDir: string): string | null {
  const raw = pathname === "/" ? ["index.html"] : pathname.replace(/^\//, "").split("/");
  const segments: string[] = [];
  for (const encoded of raw) {
    const segment = decodeSegment(encoded);
    if (segment === null || !SAFE_SEGMENT.test(segment) || ONLY_DOTS.test(segment)) return null;
    segments.push(segment);
  }
  const root = resolve(rendererDir);
  const file = join(root, ...segments);
  const inside = relative(root, file);
  if (inside === "" || inside.startsWith("..") || isAbsolute(inside)) return null;
  return file;
}

function decodeSegment(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

/** Errors of a path that is simply not a readable file: an answer of 404, not a failure. */
const NOT_A_FILE = new Set(["ENOENT", "EISDIR", "ENOTDIR"]);

export function rendererFilesHandler({ rendererDir, rendererUrl, csp }: RendererFilesOptions) {
  const headersFor = (contentType: string): Record<string, string> => ({
    "Content-Type": contentType,
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
  });
  const notFound = () => new Response("Not found", { status: 404, headers: headersFor("text/plain; charset=utf-8") });

  return async (request: Request): Promise<Response> => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return new Response("Method not allowed", {
        status: 405,
        headers: { ...headersFor("text/plain; charset=utf-8"), Allow: "GET, HEAD" },
      });
    }
    if (!isRendererPage(request.url, rendererUrl)) return notFound();
    const file = rendererFilePath(new URL(request.url).pathname, rendererDir);
    if (!file) return notFound();
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch (error) {
      if (NOT_A_FILE.has((error as NodeJS.ErrnoException).code ?? "")) return notFound();
      throw error;
    }
    return new Response(request.method === "HEAD" ? null : new Uint8Array(body), {
      status: 200,
      headers: headersFor(contentTypeOf(file)),
    });
  };
}
