/**
 * What a picture is, read from its first bytes and never from its name or declared type, and its size in
 * pixels read from its header: so a decompression bomb (a small file that decodes to gigapixels) is refused
 * before anything decodes it. PNG, JPEG, WebP, AVIF and GIF only; SVG (script inside) and every other
 * kind are refused. Browser-safe: plain bytes.
 */

export type PictureType = "png" | "jpeg" | "webp" | "avif" | "gif";

export const PICTURE_CONTENT_TYPES: Record<PictureType, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
};

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));
const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 65536 + u16be(b, at + 2);

export function sniffPictureType(bytes: Uint8Array): PictureType | undefined {
  if (bytes.length >= 8 && u32be(bytes, 0) === 0x89504e47 && u32be(bytes, 4) === 0x0d0a1a0a) return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a")) return "gif";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "webp";
  if (bytes.length >= 16 && ascii(bytes, 4, 4) === "ftyp") {
    const size = Math.min(u32be(bytes, 0), bytes.length);
    for (let at = 8; at + 4 <= size; at += 4) {
      const brand = ascii(bytes, at, 4);
      if (brand === "avif" || brand === "avis") return "avif";
    }
  }
  return undefined;
}

export interface PictureSize {
  width: number;
  height: number;
}

function pngSize(b: Uint8Array): PictureSize | undefined {
  if (b.length < 24 || ascii(b, 12, 4) !== "IHDR") return undefined;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

function gifSize(b: Uint8Array): PictureSize | undefined {
  // The logical screen, which every frame fits in.
  return b.length < 10 ? undefined : { width: u16le(b, 6), height: u16le(b, 8) };
}

function jpegSize(b: Uint8Array): PictureSize | undefined {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Start of frame (baseline, progressive, lossless...): not DHT (C4), JPG (C8) or DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: u16be(b, at + 7), height: u16be(b, at + 5) };
    }
    at += 2 + u16be(b, at + 2);
  }
  return undefined;
}

function webpSize(b: Uint8Array): PictureSize | undefined {
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8X" && b.length >= 30) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (chunk === "VP8L" && b.length >= 25) {
    const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8 " && b.length >= 30) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  return undefined;
}

/** AVIF keeps the image's size in an `ispe` property: the largest one found is the primary image's or bigger. */
function avifSize(b: Uint8Array): PictureSize | undefined {
  let found: PictureSize | undefined;
  const end = Math.min(b.length, 64 * 1024);
  for (let at = 4; at + 16 <= end; at++) {
    if (b[at] !== 0x69 || ascii(b, at, 4) !== "ispe") continue;
    const size = { width: u32be(b, at + 8), height: u32be(b, at + 12) };
    if (!found || size.width * size.height > found.width * found.height) found = size;
  }
  return found;
}

/** The picture's size from its header, or undefined when the header cannot be read (a damaged file). */
export function pictureHeaderSize(type: PictureType, bytes: Uint8Array): PictureSize | undefined {
  const size = { png: pngSize, gif: gifSize, jpeg: jpegSize, webp: webpSize, avif: avifSize }[type](bytes);
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}
