/**
 * Picture files for tests, made by hand from their formats (no image library needed): a real PNG of any
 * size and colour, a PNG whose header claims a huge size (a decompression bomb: never decoded), and an
 * SVG, each as bytes.
 */
import { deflateSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function ihdr(width: number, height: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8; // bit depth
  data[9] = 2; // truecolour RGB
  return chunk("IHDR", data);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A real RGB PNG filled with one colour (vary `rgb` for pictures with different hashes). */
export function pngPicture(width: number, height: number, rgb: [number, number, number] = [200, 40, 40]): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([SIGNATURE, ihdr(width, height), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

/** A PNG of seeded noise: it does not compress, so its stored bytes span several 1 MiB chunks. */
export function noisePng(width: number, height: number, seed = 1): Buffer {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state & 0xff;
  };
  const rows = Array.from({ length: height }, () => {
    const row = Buffer.alloc(1 + width * 3);
    for (let i = 1; i < row.length; i++) row[i] = next();
    return row;
  });
  return Buffer.concat([SIGNATURE, ihdr(width, height), chunk("IDAT", deflateSync(Buffer.concat(rows))), chunk("IEND", Buffer.alloc(0))]);
}

/** A small file whose PNG header claims `width` x `height` pixels: refused from its header, never decoded. */
export function bombPng(width = 20_000, height = 20_000): Buffer {
  const row = deflateSync(Buffer.alloc(1 + 3 * 16));
  return Buffer.concat([SIGNATURE, ihdr(width, height), chunk("IDAT", row), chunk("IEND", Buffer.alloc(0))]);
}

/** A PNG whose header reads (the desktop takes it) but whose pixels do not decode (the server refuses it). */
export function damagedPng(): Buffer {
  const bytes = pngPicture(30, 20);
  const idat = bytes.indexOf("IDAT");
  bytes.fill(0xff, idat + 4, idat + 20);
  return bytes;
}

/** An SVG (script and all), whatever name it is given. */
export function svgPicture(): Buffer {
  return Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
  );
}

/** A multipart form for `POST /api/projects/{id}/pictures`. */
export function pictureForm(file: Uint8Array | undefined, fields: Record<string, string> = {}, name = "picture.png"): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append("file", new Blob([new Uint8Array(file)]), name);
  return form;
}
