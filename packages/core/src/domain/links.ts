/** Which links the site accepts, as plain functions (no zod), so light bundles and the server share them. */

/** An absolute http(s) URL: the only links the site renders (no javascript:, data: or relative hosts). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** A project link: an http(s) URL, or (for the demo link) also a path on this site such as /twitchheartwidget. */
export function isProjectLink(value: string, allowRelative: boolean): boolean {
  return (allowRelative && value.startsWith("/") && !value.startsWith("//")) || isHttpUrl(value);
}
