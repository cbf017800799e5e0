/**
 * Share cards: the 1200x630 PNG a chat app or social site shows for a link (Open Graph `og:image`), made
 * from an SVG template that sharp renders (librsvg, with the fonts fontconfig finds on the machine: the
 * template asks for a generic sans-serif, so any machine with one font renders it). A project's card holds
 * its title, tags, cover and the site's name; the home page's card the site's name and tagline.
 */

import { createHash } from "node:crypto";

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

export interface ShareCardInput {
  /** The big line: a project's title, or the owner's name on the home page's card. */
  title: string;
  /** A project's tags, or a line of text for the home page's card. */
  tags: readonly string[];
  /** Shown small above the title. */
  siteName: string;
  /** The cover picture's bytes (any format sharp reads), shown on the right; absent: text spans the card. */
  cover?: Uint8Array;
  /** A line under the title (the home page's tagline). */
  subtitle?: string;
}

/**
 * A card's file name part: a digest of everything drawn on it (the cover by its hash), so its address
 * changes exactly when the card does and can be cached for good.
 */
export function shareCardKey(input: Omit<ShareCardInput, "cover"> & { coverHash?: string }): string {
  const drawn = [input.title, input.tags, input.siteName, input.subtitle ?? "", input.coverHash ?? ""];
  return createHash("sha256").update(JSON.stringify(drawn)).digest("hex").slice(0, 16);
}

const PAD = 72;
const COVER = { x: 700, y: 115, width: 440, height: 400, radius: 24 };
const TITLE_SIZE = 64;
const MAX_TITLE_LINES = 3;
const MAX_TAGS = 5;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

/**
 * Splits `text` into at most `maxLines` lines of about `maxChars` characters (an average glyph of a sans-serif
 * is about 0.55 em wide), the last one ending in an ellipsis when the text does not fit.
 */
export function wrapLines(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const piece = word.length > maxChars ? `${word.slice(0, maxChars - 1)}…` : word;
    if (line === "") line = piece;
    else if (line.length + 1 + piece.length <= maxChars) line = `${line} ${piece}`;
    else {
      lines.push(line);
      line = piece;
    }
  }
  if (line !== "") lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1] ?? "";
  kept[maxLines - 1] = `${last.length >= maxChars ? last.slice(0, maxChars - 1) : last}…`;
  return kept;
}

function cardSvg(input: ShareCardInput): string {
  const textWidth = (input.cover ? COVER.x - 40 : SHARE_CARD_WIDTH - PAD) - PAD;
  const titleLines = wrapLines(input.title, Math.floor(textWidth / (TITLE_SIZE * 0.55)), MAX_TITLE_LINES);
  const titleTop = 230;
  const title = titleLines
    .map(
      (line, i) =>
        `<text x="${PAD}" y="${titleTop + i * TITLE_SIZE * 1.15}" font-size="${TITLE_SIZE}" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join("");
  const subtitle = input.subtitle
    ? wrapLines(input.subtitle, Math.floor(textWidth / (30 * 0.52)), 3)
        .map(
          (line, i) =>
            `<text x="${PAD}" y="${titleTop + titleLines.length * TITLE_SIZE * 1.15 + 20 + i * 40}" font-size="30" fill="#c7d2fe">${escapeXml(line)}</text>`,
        )
        .join("")
    : "";
  let tagX = PAD;
  const tags: string[] = [];
  for (const tag of input.tags.slice(0, MAX_TAGS)) {
    const label = tag.length > 18 ? `${tag.slice(0, 17)}…` : tag;
    const width = Math.round(label.length * 26 * 0.6 + 36);
    if (tagX + width > PAD + textWidth) break;
    tags.push(
      `<rect x="${tagX}" y="520" width="${width}" height="48" rx="24" fill="#ffffff" fill-opacity="0.16"/>` +
        `<text x="${tagX + width / 2}" y="552" font-size="26" text-anchor="middle" fill="#e0e7ff">${escapeXml(label)}</text>`,
    );
    tagX += width + 14;
  }
  const coverFrame = input.cover
    ? `<rect x="${COVER.x - 4}" y="${COVER.y - 4}" width="${COVER.width + 8}" height="${COVER.height + 8}" rx="${COVER.radius + 4}" fill="#ffffff" fill-opacity="0.2"/>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}" viewBox="0 0 ${SHARE_CARD_WIDTH} ${SHARE_CARD_HEIGHT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#312e81"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
<g font-family="sans-serif">
<text x="${PAD}" y="120" font-size="32" font-weight="600" fill="#a5b4fc">${escapeXml(input.siteName)}</text>
${title}${subtitle}${tags.join("")}
</g>${coverFrame}
</svg>`;
}

/** The cover cut to the card's frame, with rounded corners. */
type Sharp = typeof import("sharp")["default"];

async function coverLayer(sharp: Sharp, cover: Uint8Array): Promise<Buffer> {
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER.width}" height="${COVER.height}"><rect width="100%" height="100%" rx="${COVER.radius}"/></svg>`,
  );
  return sharp(cover, { limitInputPixels: 40_000_000 })
    .resize(COVER.width, COVER.height, { fit: "cover" })
    .composite([{ input: mask, blend: "dest-in" }])
    .png()
    .toBuffer();
}

/** The card as PNG bytes. */
export async function renderShareCard(input: ShareCardInput): Promise<Buffer> {
  // sharp loads its native library on first use, never at server start.
  const sharp = (await import("sharp")).default;
  const layers = input.cover ? [{ input: await coverLayer(sharp, input.cover), left: COVER.x, top: COVER.y }] : [];
  return sharp(Buffer.from(cardSvg(input)))
    .composite(layers)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
