/**
 * Builds the site with React Router's production build, tree-shaken like the rest of the bundle.
 *
 * - Its package exports point at the development build in every mode, so a production bundle would carry
 *   its dev warnings (remix-run/react-router#14102). The package ships a production build of the same files
 *   beside it; the build resolves to that one.
 * - Its components are made with `forwardRef(...)` calls that carry no pure annotation and get a
 *   `displayName` written after them, so the bundler keeps every one (Form, NavLink, ...) although the site
 *   uses a few. Marking the calls pure and dropping the names (read only by developer tools) lets unused
 *   components go: about 1.8 kB gzip off the home page.
 */
import { existsSync } from "node:fs";
import type { Plugin } from "vite";

const DEVELOPMENT_DIST = /([\\/]react-router[\\/]dist[\\/])development([\\/])/;
const PRODUCTION_DIST = /[\\/]react-router[\\/]dist[\\/]production[\\/]/;

/** The same code with its component factories marked pure and their display names removed. */
export function treeShakableReactRouter(code: string): string {
  return code.replace(/\b(React\d*\.forwardRef\()/g, "/* @__PURE__ */ $1").replace(/^\w+\.displayName = "\w+";$/gm, "");
}

export function reactRouterProductionBuild(): Plugin {
  return {
    name: "portfolio:react-router-production",
    apply: "build",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (source !== "react-router" && !source.startsWith("react-router/")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !DEVELOPMENT_DIST.test(resolved.id)) return resolved;
      const production = resolved.id.replace(DEVELOPMENT_DIST, "$1production$2");
      if (!existsSync(production)) this.error(`React Router's production build is missing: ${production}`);
      return { ...resolved, id: production };
    },
    transform(code, id) {
      if (!PRODUCTION_DIST.test(id)) return null;
      // Lines stay where they are, so the existing source map still holds (map: null keeps it).
      return { code: treeShakableReactRouter(code), map: null };
    },
  };
}
