/**
 * Reads the account links out of the server's mail outbox (.eml files, RFC 822, possibly multipart and
 * quoted-printable or base64 encoded). Used by the browser tests.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";

export interface ParsedMail {
  headers: Record<string, string>;
  /** Decoded text of every text/* part (or the whole body for a single-part mail). */
  texts: string[];
}

function splitHeadBody(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: "" };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  for (const line of unfolded.split(/\r?\n/)) {
    const index = line.indexOf(":");
    if (index > 0) headers[line.slice(0, index).trim().toLowerCase()] = line.slice(index + 1).trim();
  }
  return headers;
}

/** Quoted-printable: soft line breaks (`=` at line end) vanish, `=XX` is a byte. UTF-8 aware. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      for (const byte of new TextEncoder().encode(joined[i])) bytes.push(byte);
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? "7bit").toLowerCase();
  if (kind === "quoted-printable") return decodeQuotedPrintable(body);
  if (kind === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

function boundaryOf(contentType: string | undefined): string | undefined {
  return contentType ? /boundary="?([^";]+)"?/i.exec(contentType)?.[1] : undefined;
}

function collectTexts(headers: Record<string, string>, body: string, out: string[]): void {
  const type = headers["content-type"] ?? "text/plain";
  const boundary = boundaryOf(type);
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith("--")) break;
      const { head, body: partBody } = splitHeadBody(part.replace(/^\r?\n/, ""));
      collectTexts(parseHeaders(head), partBody, out);
    }
    return;
  }
  if (/^text\//i.test(type)) out.push(decodeBody(body, headers["content-transfer-encoding"]));
}

export function parseMail(raw: string): ParsedMail {
  const { head, body } = splitHeadBody(raw);
  const headers = parseHeaders(head);
  const texts: string[] = [];
  collectTexts(headers, body, texts);
  return { headers, texts };
}

/** The first absolute link to `path` (e.g. "/activate-account") carrying a token, or undefined. */
export function extractTokenLink(raw: string, path: string): string | undefined {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`https?://[^\\s"'<>]+${escaped}\\?token=[A-Za-z0-9_\\-.~%]+`);
  for (const text of parseMail(raw).texts) {
    const match = pattern.exec(text.replace(/&amp;/g, "&"));
    if (match) return match[0];
  }
  return undefined;
}

/** Waits for the newest .eml addressed to `to` that holds a link to `path`; answers that link. */
export async function waitForMailLink(
  outboxDir: string,
  to: string,
  path: string,
  /** `except`: links already seen, so a new one is awaited (two mails may land within the same second). */
  options: { timeoutMs?: number; after?: number; except?: readonly string[] } = {},
): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const after = options.after ?? 0;
  while (Date.now() < deadline) {
    const names = await readdir(outboxDir).catch(() => [] as string[]);
    const files = await Promise.all(
      names
        .filter((name) => name.endsWith(".eml"))
        .map(async (name) => ({ file: join(outboxDir, name), mtime: (await stat(join(outboxDir, name))).mtimeMs })),
    );
    files.sort((a, b) => b.mtime - a.mtime);
    for (const { file, mtime } of files) {
      if (mtime < after) continue;
      const raw = await readFile(file, "utf8");
      const recipient = parseMail(raw).headers.to ?? "";
      if (!recipient.toLowerCase().includes(to.toLowerCase())) continue;
      const link = extractTokenLink(raw, path);
      if (link && !options.except?.includes(link)) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail to ${to} with a ${path} link arrived in ${outboxDir}.`);
}
