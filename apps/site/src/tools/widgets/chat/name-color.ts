/**
 * Chat name colours: the colour a chatter picked (the `color` tag), else one of Twitch's 15 default colours
 * picked from the name, always lightened enough to read on a dark or busy stream background.
 */

export const TWITCH_DEFAULT_COLORS = [
  "#FF0000",
  "#0000FF",
  "#008000",
  "#B22222",
  "#FF7F50",
  "#9ACD32",
  "#FF4500",
  "#2E8B57",
  "#DAA520",
  "#D2691E",
  "#5F9EA0",
  "#1E90FF",
  "#FF69B4",
  "#8A2BE2",
  "#00FF7F",
] as const;

/** The same name always gets the same colour. */
export function defaultColor(login: string): string {
  let hash = 0;
  for (const char of login.toLowerCase()) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return TWITCH_DEFAULT_COLORS[hash % TWITCH_DEFAULT_COLORS.length] as string;
}

function parseHex(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const n = Number.parseInt(match[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG relative luminance of an sRGB colour. */
export function luminance([r, g, b]: [number, number, number]): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

const toHex = (rgb: [number, number, number]) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`.toUpperCase();

/** Mixes in white until the colour has at least `minLuminance` (dark blue on a dark scene becomes sky blue). */
export function readableOnDark(hex: string, minLuminance = 0.2): string {
  let rgb = parseHex(hex);
  if (!rgb) return "#FFFFFF";
  for (let step = 0; step < 20 && luminance(rgb) < minLuminance; step++) {
    rgb = rgb.map((c) => c + (255 - c) * 0.12) as [number, number, number];
  }
  return toHex(rgb);
}

/** The colour to draw a chatter's name in. */
export function nameColor(colorTag: string | undefined, login: string): string {
  return readableOnDark(colorTag && parseHex(colorTag) ? colorTag : defaultColor(login));
}
