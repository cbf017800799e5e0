/**
 * Trims a page's critical CSS (what beasties kept because its selectors match the prerendered HTML) to
 * what the first paint can use. The full stylesheet loads right after without blocking and brings back
 * everything removed here, so nothing is lost: this only shortens the HTML.
 *
 * - Interaction states (:hover, :focus, :focus-visible, :focus-within, :active) cannot show before the
 *   visitor acts, so their rules go.
 * - Tailwind declares every theme variable the whole site uses (:root colours, @property types, the
 *   fallback initial values); only the ones the remaining rules reference, directly or through another
 *   variable, stay. Likewise for @keyframes (Tailwind names them through variables: --animate-spin).
 *
 * A pseudo-class is a colon that is not escaped: `.\[\@media\(hover\:hover\)\]\:opacity-0` is a class name.
 */
import Beasties from "beasties";
import postcss from "postcss";

const INTERACTION_STATE = /(?<!\\):(?:hover|focus|focus-visible|focus-within|active)(?![\w-])/;
const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;

/** Rules whose only job is to declare variables for everyone: Tailwind's theme and its fallbacks. */
function declaresGlobals(rule) {
  return rule.selectors.every((s) =>
    [":root", ":host", "*", ":before", ":after", "::before", "::after", "::backdrop"].includes(s),
  );
}

function referencedVariables(root) {
  const definitions = new Map();
  const used = new Set();
  root.walkDecls((decl) => {
    const refs = [...decl.value.matchAll(VAR_REFERENCE)].map((m) => m[1]);
    if (decl.prop.startsWith("--")) {
      definitions.set(decl.prop, [...(definitions.get(decl.prop) ?? []), ...refs]);
    } else {
      for (const ref of refs) used.add(ref);
    }
  });
  // Variables used by a used variable's value are used too (e.g. --default-font-family: var(--font-sans)).
  const pending = [...used];
  while (pending.length > 0) {
    for (const ref of definitions.get(pending.pop()) ?? []) {
      if (!used.has(ref)) {
        used.add(ref);
        pending.push(ref);
      }
    }
  }
  return used;
}

function removeEmptyContainers(root) {
  let removed = true;
  while (removed) {
    removed = false;
    root.walk((node) => {
      if ((node.type === "rule" || (node.type === "atrule" && node.nodes)) && node.nodes.length === 0) {
        node.remove();
        removed = true;
      }
    });
  }
}

/** @param {string} css @returns {string} */
export function trimCriticalCss(css) {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((selector) => !INTERACTION_STATE.test(selector));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  removeEmptyContainers(root);

  const used = referencedVariables(root);
  root.walkDecls((decl) => {
    if (
      decl.prop.startsWith("--") &&
      !used.has(decl.prop) &&
      decl.parent?.type === "rule" &&
      declaresGlobals(decl.parent)
    ) {
      decl.remove();
    }
  });
  root.walkAtRules("property", (rule) => {
    if (!used.has(rule.params.trim())) rule.remove();
  });
  const values = [];
  root.walkDecls((decl) => {
    values.push(decl.value);
  });
  root.walkAtRules(/keyframes$/, (rule) => {
    const name = rule.params.trim();
    if (!values.some((value) => new RegExp(`(^|[\\s,])${name}($|[\\s,])`).test(value))) rule.remove();
  });
  removeEmptyContainers(root);
  return root.toString();
}

/**
 * Tailwind wraps a few utilities whole in :where() (space-y-*, divide-y); beasties drops pseudo-classes
 * with their arguments before matching, which would empty those selectors and lose the rules: match what
 * is inside instead.
 */
class TailwindBeasties extends Beasties {
  normalizeCssSelector(selector) {
    return super.normalizeCssSelector(/^:where\((.*)\)$/.exec(selector)?.[1] ?? selector);
  }
}

/**
 * Returns a function that gives a page its critical CSS: beasties inlines the rules that match the
 * page's prerendered HTML (with the dark class the template starts with, so both themes' rules are there
 * for the first paint) and loads the full hashed stylesheet without blocking the paint: `media="print"`
 * flipped to `all` by one invariant inline script at the end of <body> (its hash goes into the CSP; an
 * onload attribute would be refused by it). The full file is cached across pages and covers what only
 * appears later (dialogs, hover and focus states, other pages after client-side navigation).
 * @param {string} dist the export folder, where /assets/*.css is read from
 * @returns {(html: string) => Promise<string>}
 */
export function criticalCss(dist) {
  const beasties = new TailwindBeasties({
    path: dist,
    publicPath: "/",
    preload: "media-script",
    pruneSource: false,
    mergeStylesheets: true,
    // A page's own <style> elements (the widgets' transparent background) stay where React rendered
    // them: moved into <head>, hydration would find different HTML.
    reduceInlineStyles: false,
    compress: true,
    keyframes: "all", // trimCriticalCss keeps the ones in use (Tailwind names them through variables)
    inlineFonts: false,
    logLevel: "warn",
  });
  return async (html) =>
    (await beasties.process(html)).replace(
      /<style>([\s\S]*?)<\/style>/,
      (_, css) => `<style>${trimCriticalCss(css)}</style>`,
    );
}
