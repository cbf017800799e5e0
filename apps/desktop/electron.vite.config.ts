/**
 * Three builds (electron-vite 6): main as ESM, the preload as CommonJS (a sandboxed preload cannot be an
 * ES module), the renderer as a React/Vite page.
 *
 * Bundling: electron-vite 6 externalizes the `dependencies` of package.json in main and preload
 * (`build.externalizeDeps`, formerly `externalizeDepsPlugin`). This package lists only better-sqlite3
 * there, a native module that must stay a real file rebuilt for Electron's ABI; every other import
 * (the workspace packages @portfolio/*, kysely, zod, bcryptjs, ...) sits in devDependencies and is
 * bundled, so the packaged app carries no node_modules but better-sqlite3's.
 */
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "electron-vite";
import type { Plugin } from "vite";
import { cspMetaTag, rendererCsp } from "./src/main/renderer-csp.ts";

/** Writes the renderer's CSP meta tag into index.html from the one definition in renderer-csp.ts. */
function rendererCspMeta(): Plugin {
  return {
    name: "portfolio:renderer-csp",
    transformIndexHtml(html, context) {
      const devServerUrl = context.server?.resolvedUrls?.local[0];
      const csp = rendererCsp(devServerUrl ? { kind: "development", devServerUrl } : { kind: "production" }, "meta");
      return html.replace(/<!--csp:[^>]*-->/, cspMetaTag(csp));
    },
  };
}

export default defineConfig({
  main: {
    // The core's picture processing loads sharp when first used, which the desktop never does
    // (src/main/pictures/no-sharp.ts): it is not bundled.
    resolve: { alias: { sharp: fileURLToPath(new URL("./src/main/pictures/no-sharp.ts", import.meta.url)) } },
    build: {
      externalizeDeps: { include: ["better-sqlite3"] },
    },
  },
  preload: {
    build: {
      // One self-contained file: a sandboxed preload can require only a few Electron modules.
      externalizeDeps: false,
      rolldownOptions: {
        output: { format: "cjs", entryFileNames: "[name].cjs" },
      },
    },
  },
  renderer: {
    plugins: [react(), tailwindcss(), rendererCspMeta()],
    build: {
      // electron-vite leaves the renderer unminified by default; the packaged page loads from disk, but
      // a smaller bundle still parses faster at every launch.
      minify: true,
      modulePreload: { polyfill: false },
    },
  },
});
