/**
 * The overlay's own entry (src/widget-overlay.tsx), built beside the site into dist/assets by the prerender
 * (scripts/prerender.mjs): React and the widgets, none of the site. A separate build, so the site's entry
 * stays the one file it is and the overlay shares no chunk with it.
 */
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { PURE_MODULES } from "./vite.config.ts";

export default defineConfig({
  plugins: [react()],
  publicDir: false,
  build: {
    target: "es2022",
    outDir: "dist",
    emptyOutDir: false,
    // Read by the weight check (scripts/weight-budgets.mjs), removed with the site's by the prerender.
    manifest: ".vite/overlay-manifest.json",
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { overlay: "src/widget-overlay.tsx" },
      output: {
        entryFileNames: "assets/overlay-[hash].js",
        chunkFileNames: "assets/overlay-[name]-[hash].js",
        assetFileNames: "assets/overlay-[name]-[hash][extname]",
      },
      treeshake: {
        moduleSideEffects: (id) => !(PURE_MODULES.test(id) && !id.endsWith(".css")),
      },
    },
  },
});
