import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { samplePng } from "./sample-png.mjs";

describe("samplePng", () => {
  it("is a PNG of the size asked for, its pixel rows all there", () => {
    const png = samplePng({ width: 320, height: 200, seed: 1 });
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([png.toString("ascii", 12, 16), png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual(["IHDR", 320, 200]);
    const idatLength = png.readUInt32BE(33);
    expect(inflateSync(png.subarray(41, 41 + idatLength)).length).toBe((320 * 3 + 1) * 200);
  });

  it("differs by seed", () => {
    expect(samplePng({ width: 64, height: 64, seed: 1 }).equals(samplePng({ width: 64, height: 64, seed: 2 }))).toBe(
      false,
    );
  });
});
