/**
 * WebSocket address overrides (`?server=`) are accepted only for this machine: tests and local development
 * point a widget at a local stand-in, but a shared link can never send a viewer's browser (or a streamer's
 * token) to a third party's server.
 */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (LOOPBACK_HOSTS.has(host)) return true;
  // The whole 127.0.0.0/8 block is loopback.
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) && host.split(".").every((part) => Number(part) <= 255);
}

/** The override as a URL when it is a ws:// or wss:// address on a loopback host; otherwise null. */
export function loopbackSocketUrl(value: string | null | undefined): URL | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "ws:" && url.protocol !== "wss:") return null;
  if (url.username || url.password) return null;
  return isLoopbackHost(url.hostname) ? url : null;
}
