/**
 * PNG pictures made in plain Node (zlib), for tests and benches that upload pictures: no image library
 * needed where they run. Each is a diagonal colour gradient with a stripe pattern, so pictures of the same
 * size differ by `seed` and compress like a screenshot rather than to nothing.
 */
import { crc32, deflateSync } from "node:zlib";

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A `width` x `height` RGB PNG.
 * @param {{ width: number, height: number, seed?: number }} options
 * @returns {Buffer}
 */
export function samplePng({ width, height, seed = 0 }) {
  const hue = (seed * 67) % 256;
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    rows[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const at = row + 1 + x * 3;
      const stripe = ((x + y + seed * 13) >> 5) % 2 === 0 ? 24 : 0;
      rows[at] = (hue + (x * 255) / width + stripe) & 255;
      rows[at + 1] = ((y * 255) / height + stripe) & 255;
      rows[at + 2] = (255 - hue + seed * 31) & 255;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
