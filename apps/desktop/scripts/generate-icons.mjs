#!/usr/bin/env node
/**
 * Renders resources/icon.svg into the PNGs electron-builder packages (Linux takes the folder of sizes,
 * Windows converts the 256 px one to .ico, macOS the 1024 px one to .icns) and resources/icon.png
 * (512 px, the window icon). Run `pnpm icons` after editing the SVG; the PNGs are committed so packaging
 * needs no extra step. resvg is a prebuilt npm package: no download, no system library.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Resvg } from "@resvg/resvg-js";

export const ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
export const WINDOW_ICON_SIZE = 512;

/** Writes `icons/<n>x<n>.png` for every size and `icon.png` into outDir; answers the files written. */
export function generateIcons(svgPath, outDir) {
  const svg = readFileSync(svgPath);
  const render = (size) => new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng();
  mkdirSync(join(outDir, "icons"), { recursive: true });
  const written = [];
  for (const size of ICON_SIZES) {
    const file = join(outDir, "icons", `${size}x${size}.png`);
    writeFileSync(file, render(size));
    written.push(file);
  }
  const windowIcon = join(outDir, "icon.png");
  writeFileSync(windowIcon, render(WINDOW_ICON_SIZE));
  written.push(windowIcon);
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const resources = resolve(dirname(fileURLToPath(import.meta.url)), "../../../resources");
  const written = generateIcons(join(resources, "icon.svg"), resources);
  console.log(`Wrote ${written.length} icons into ${resources}`);
}
