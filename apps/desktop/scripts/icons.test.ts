import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateIcons, ICON_SIZES } from "./generate-icons.mjs";

const resources = resolve(dirname(fileURLToPath(import.meta.url)), "../../../resources");
const PNG_SIGNATURE = "89504e470d0a1a0a";

/** Width and height from a PNG's IHDR chunk (bytes 16-23), after checking it is a PNG at all. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  if (bytes.subarray(0, 8).toString("hex") !== PNG_SIGNATURE) throw new Error(`${file} is not a PNG`);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("generating the icons from resources/icon.svg", () => {
  let outDir: string;
  let written: string[];
  beforeAll(() => {
    outDir = mkdtempSync(join(tmpdir(), "portfolio-icons-"));
    written = generateIcons(join(resources, "icon.svg"), outDir);
  });
  afterAll(() => {
    rmSync(outDir, { recursive: true, force: true });
  });

  it("writes every size electron-builder uses, 16 to 1024 px, each square at its size", () => {
    for (const size of ICON_SIZES) {
      expect(pngSize(join(outDir, "icons", `${size}x${size}.png`))).toEqual({ width: size, height: size });
    }
  });

  it("writes icon.png at 512 px for the window", () => {
    expect(pngSize(join(outDir, "icon.png"))).toEqual({ width: 512, height: 512 });
  });

  it("answers the files it wrote", () => {
    expect(written.map((file) => basename(file))).toEqual([...ICON_SIZES.map((s) => `${s}x${s}.png`), "icon.png"]);
  });
});

describe("the committed icons in resources/", () => {
  it.each(ICON_SIZES)("holds the %i px icon at its size", (size) => {
    expect(pngSize(join(resources, "icons", `${size}x${size}.png`))).toEqual({ width: size, height: size });
  });

  it("holds the 512 px window icon", () => {
    expect(pngSize(join(resources, "icon.png"))).toEqual({ width: 512, height: 512 });
  });
});
