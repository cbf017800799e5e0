import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { PRE_PAINT_SCRIPT } from "../../packages/ui/src/theme/dark-mode.ts";

/** Puts the dark-mode script inline in <head> so the right theme is applied before the first paint. */
function prePaintTheme(): Plugin {
  return {
    name: "portfolio:pre-paint-theme",
    transformIndexHtml: (html) => html.replace("<!--head-->", `<script>${PRE_PAINT_SCRIPT}</script>\n    <!--head-->`),
  };
}

/**
 * Modules without top-level side effects (also for the overlay's own entry: vite.overlay.config.ts), so unused exports (e.g. the zod form schemas that only the
 * login chunk needs) are dropped from the home page's bundle.
 */
export const PURE_MODULES =
  /[\\/](packages[\\/]core[\\/]src[\\/]domain|packages[\\/]ui[\\/]src|node_modules[\\/](\.pnpm[\\/])?zod)[\\/@]/;

export default defineConfig({
  plugins: [react(), tailwindcss(), prePaintTheme()],
  build: {
    target: "es2022",
    // The browsers Tailwind 4 itself supports: colours stay oklch, with no hex + lab() copies of each.
    cssTarget: ["chrome111", "edge111", "firefox128", "safari16.4"],
    manifest: true,
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the first page needs in one file: no waterfall of tiny shared chunks (React, cx, icon
        // frames) before hydration, and one gzip context. Code-split pages import what they share from it.
        codeSplitting: {
          groups: [
            // First, so the groups below never pull what the entry already holds out of it.
            { name: "index", tags: ["$initial"], priority: 2 },
            // Small pieces that several code-split pages share, one file per family instead of one per piece:
            // left to themselves they are files of 0.2-2 kB each, and /login waited on ten requests instead
            // of three (Lighthouse estimates the first paint of /login and /calendar 98 -> 99 with it).
            {
              name: "shared",
              test: /(domain[\\/]messages|pages[\\/](AuthCard|LinkProblem)|lib[\\/]load-form-rules|auth[\\/]passkey-support)\.tsx?$/,
            },
            // The form fields, page frame and copy button the visitor tools share with the account pages, apart
            // from the account pages' own pieces (messages, cards, links): a widget builder loads 2.5 kB gzip for
            // them instead of 4.8, the shuffler only the playlist's messages of all. Before "shared", so its
            // captured modules (messages.ts holds the playlist's too) do not pull these in with them.
            {
              name: "forms",
              priority: 1,
              test: /(components[\\/](FormField|Alert|secondary-icons|use-dom-id)|pages[\\/]PageShell|common[\\/](url-field|use-copy)|domain[\\/]playlist-messages)\.tsx?$/,
            },
            {
              name: "widget-common",
              test: /tools[\\/](widgets[\\/]params|common[\\/]loopback|widgets[\\/]heart[\\/]heart-rate)\.ts$/,
            },
          ],
        },
      },
      treeshake: {
        moduleSideEffects: (id) => !(PURE_MODULES.test(id) && !id.endsWith(".css")),
      },
    },
  },
  server: {
    proxy: { "/api": process.env.API_PROXY_TARGET ?? "http://127.0.0.1:3000" },
  },
  preview: {
    proxy: { "/api": process.env.API_PROXY_TARGET ?? "http://127.0.0.1:3000" },
  },
});
