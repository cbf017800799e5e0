/**
 * Twitch chat speaks IRC (RFC 1459 lines) with IRCv3 message tags over WebSocket:
 * `@badges=moderator/1;color=#1E90FF;display-name=Ann;emotes=25:0-4;id=… :ann!ann@ann.tmi.twitch.tv PRIVMSG #chan :Kappa hi`.
 */

export interface IrcMessage {
  tags: Record<string, string>;
  /** `nick!user@host` or a server name; null when the line has none. */
  prefix: string | null;
  command: string;
  params: string[];
}

/** IRCv3 tag values escape `;`, space, `\`, CR and LF. */
export function unescapeTagValue(value: string): string {
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const char = value[i];
    if (char !== "\\") {
      out += char;
      continue;
    }
    const next = value[++i];
    if (next === undefined) break; // a lone trailing backslash is dropped
    out += next === ":" ? ";" : next === "s" ? " " : next === "r" ? "\r" : next === "n" ? "\n" : next;
  }
  return out;
}

/** One line (without its CRLF), or null when it is not a message. */
export function parseIrcMessage(line: string): IrcMessage | null {
  let rest = line.replace(/\r?\n$/, "");
  const tags: Record<string, string> = {};
  if (rest.startsWith("@")) {
    const space = rest.indexOf(" ");
    if (space < 0) return null;
    for (const pair of rest.slice(1, space).split(";")) {
      if (!pair) continue;
      const eq = pair.indexOf("=");
      const key = eq < 0 ? pair : pair.slice(0, eq);
      tags[key] = eq < 0 ? "" : unescapeTagValue(pair.slice(eq + 1));
    }
    rest = rest.slice(space + 1).trimStart();
  }
  let prefix: string | null = null;
  if (rest.startsWith(":")) {
    const space = rest.indexOf(" ");
    if (space < 0) return null;
    prefix = rest.slice(1, space);
    rest = rest.slice(space + 1).trimStart();
  }
  const trailingAt = rest.indexOf(" :");
  const head = trailingAt < 0 ? rest : rest.slice(0, trailingAt);
  const parts = head.split(" ").filter(Boolean);
  const command = parts.shift();
  if (!command) return null;
  const params = trailingAt < 0 ? parts : [...parts, rest.slice(trailingAt + 2)];
  return { tags, prefix, command: command.toUpperCase(), params };
}

/** The lines of one WebSocket frame (Twitch may send several, CRLF-separated). */
export function splitIrcLines(data: string): string[] {
  return data.split(/\r?\n/).filter((line) => line.length > 0);
}

/** `ann` from `ann!ann@ann.tmi.twitch.tv`. */
export function nickOf(prefix: string | null): string {
  if (!prefix) return "";
  const bang = prefix.indexOf("!");
  return (bang < 0 ? prefix : prefix.slice(0, bang)).toLowerCase();
}
