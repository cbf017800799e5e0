/**
 * External links (docs/security.md, promise 18): the app hands a URL to the system browser only when it parses as an
 * absolute http(s) URL. Anything else (file:, javascript:, smb:, custom protocol handlers that launch
 * programs, text that is not a URL) is refused, since `shell.openExternal` would happily run them.
 */

/** Electron's `shell.openExternal`, injected so the rule is testable without Electron. */
export type OpenExternal = (url: string) => Promise<void>;

/** The normalized URL to open, or null when it must not be opened. */
export function externalUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  // `https://bank.example@evil.example/` reads as the bank's address; a link never needs credentials.
  if (url.username !== "" || url.password !== "") return null;
  return url.href;
}

/** Opens the link in the system browser when it is allowed; answers whether it was opened. */
export async function openExternalLink(raw: string, openExternal: OpenExternal): Promise<boolean> {
  const url = externalUrl(raw);
  if (url === null) return false;
  await openExternal(url);
  return true;
}
