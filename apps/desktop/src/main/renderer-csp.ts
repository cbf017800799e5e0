/**
 * The renderer's Content-Security-Policy (docs/security.md, promise 18). The renderer is the built admin panel: its own
 * scripts, styles, images and fonts, no remote code, no frames, no plugins; it reaches data only through
 * the IPC bridge. 'self' is the renderer's origin, app://portfolio when built (app-scheme.ts), so no
 * other app:// host, no file:// page and no web site counts as the app's own. It is applied twice: as a
 * <meta> tag written into index.html at build time (it holds wherever the page is shown) and as a
 * response header, sent by the app:// file handler (renderer-files.ts) and set on the session for the
 * dev server. `frame-ancestors` only works as a header, so the meta variant leaves it out rather than
 * have Chromium warn about it.
 */

export type CspMode = { kind: "production" } | { kind: "development"; devServerUrl: string };

export function rendererCsp(mode: CspMode, target: "header" | "meta"): string {
  const dev = mode.kind === "development";
  const directives: [string, string][] = [
    ["default-src", "'none'"],
    // The dev server injects React Refresh's inline preamble and inline <style> tags for hot reload.
    ["script-src", dev ? "'self' 'unsafe-inline'" : "'self'"],
    ["style-src", dev ? "'self' 'unsafe-inline'" : "'self'"],
    ["img-src", "'self' data:"],
    ["font-src", "'self'"],
    ["connect-src", dev ? `'self' ${hotReloadOrigin(mode.devServerUrl)}` : "'self'"],
    ["object-src", "'none'"],
    ["frame-src", "'none'"],
    ["worker-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'none'"],
  ];
  if (target === "header") directives.push(["frame-ancestors", "'none'"]);
  return directives.map(([name, value]) => `${name} ${value}`).join("; ");
}

/** Vite's hot reload talks over a WebSocket to the dev server's own host and port. */
function hotReloadOrigin(devServerUrl: string): string {
  const url = new URL(devServerUrl);
  return `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
}

/** Response headers with ours as the only CSP (a served page cannot loosen it with its own header). */
export function withCspHeader(
  headers: Readonly<Record<string, string[] | string>> | undefined,
  csp: string,
): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === "content-security-policy") continue;
    result[name] = Array.isArray(value) ? [...value] : [value];
  }
  result["Content-Security-Policy"] = [csp];
  return result;
}

/** The meta tag as written into index.html; the attribute value holds no quote that needs escaping. */
export function cspMetaTag(csp: string): string {
  return `<meta http-equiv="Content-Security-Policy" content="${csp.replaceAll('"', "&quot;")}" />`;
}
