/**
 * Trims a page's critical CSS (what beasties kept because its selectors match the prerendered HTML) to
 * what the first paint can use. The full stylesheet loads right after without blocking and brings back
 * everything removed here, so nothing is lost: this only shortens the HTML.
 *
 * - Interaction states (:hover, :focus, :focus-visible, :focus-within, :active) cannot show before the
 *   visitor acts, so their rules go.
 * - Tailwind declares every theme variable the whole site uses (:root colours, @property types, the
 *   fallback initial values), and utilities set composition variables for others to read (--tw-font-weight);
 *   only the ones the remaining rules reference, directly or through another variable, stay, as plain
 *   initial values (no @property). Likewise for @keyframes (Tailwind names them through variables:
 *   --animate-spin).
 * - Variables are settled where the first paint can know them (settleVariables, inlineThemeConstants), and
 *   Lightning CSS minifies the result for the build's browsers.
 * - Transitions animate a change, and there is none before the first paint: transition-* declarations
 *   (and the --tw-duration / --tw-ease they read) go.
 * - Tailwind gives each colour with an opacity (`bg-white/85`) a precomputed fallback and a color-mix()
 *   version behind `@supports (color-mix)`; every browser we support has color-mix(), so the version
 *   stays without its condition and the final minify drops the fallback it overrides.
 * - A declaration repeated in the same rule (Lightning CSS repeats some prefixed ones) is kept once.
 *
 * A pseudo-class is a colon that is not escaped: `.\[\@media\(hover\:hover\)\]\:opacity-0` is a class name.
 */
import Beasties from "beasties";
import { browserslistToTargets, transform } from "lightningcss";
import postcss from "postcss";

/** The browsers of the site's build (vite.config.ts cssTarget): Tailwind 4's own. */
const TARGETS = browserslistToTargets(["chrome 111", "edge 111", "firefox 128", "safari 16.4"]);
const INTERACTION_STATE = /(?<!\\):(?:hover|focus|focus-visible|focus-within|active)(?![\w-])/;
const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;
const TRANSITION = /^(transition(-[\w-]+)?|--tw-duration|--tw-ease)$/;
const COLOR_MIX_VERSION = /^\(color:\s*color-mix\(in lab,\s*red,\s*red\)\)$/;

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

/**
 * Rewrites every `var(--name, fallback)` of a value through `choose(name, fallback)`, which returns the
 * replacement text (fallback and nesting parsed with balanced parentheses).
 */
function rewriteVars(value, choose) {
  let out = "";
  let i = 0;
  while (i < value.length) {
    const start = value.indexOf("var(", i);
    if (start < 0) return out + value.slice(i);
    let depth = 0;
    let end = start + 3;
    let comma = -1;
    for (; end < value.length; end++) {
      if (value[end] === "(") depth++;
      else if (value[end] === ")" && --depth === 0) break;
      else if (value[end] === "," && depth === 1 && comma < 0) comma = end;
    }
    const name = value.slice(start + 4, comma < 0 ? end : comma).trim();
    const fallback = comma < 0 ? undefined : rewriteVars(value.slice(comma + 1, end), choose);
    out += value.slice(i, start) + choose(name, fallback);
    i = end + 1;
  }
  return out;
}

/**
 * Settles what the first paint can know of Tailwind's variables: a fallback is never used when the
 * variable has a value on :root (`var(--default-font-family, <font list>)`), and is always used when the
 * only value it ever gets here is `initial` (`var(--tw-backdrop-brightness, )` beside a blur). The full
 * stylesheet, later in the page, overrides these rules with the original ones once it has loaded.
 */
function settleVariables(root) {
  const onRoot = new Set();
  const setSomewhere = new Set();
  root.walkDecls(/^--/, (decl) => {
    if (decl.value.trim() !== "initial") setSomewhere.add(decl.prop);
    if (decl.parent?.type === "rule" && decl.parent.selectors.includes(":root")) onRoot.add(decl.prop);
  });
  root.walkDecls((decl) => {
    if (!decl.value.includes("var(")) return;
    decl.value = rewriteVars(decl.value, (name, fallback) => {
      if (fallback !== undefined && !setSomewhere.has(name)) return fallback.trim();
      if (fallback === undefined || onRoot.has(name)) return `var(${name})`;
      return `var(${name},${fallback})`;
    });
    decl.value = decl.value.replace(/\s+/g, " ").trim();
    // Nothing left (every part was an unset variable): the property keeps its initial value, as before.
    if (decl.value === "") decl.remove();
  });
}

/**
 * Writes the values of constant theme variables (set once, on :root, to a value without var()) where
 * they are read: `calc(var(--spacing) * 4)` becomes `calc(.25rem * 4)`, which the final minify turns
 * into `1rem`. The definitions, then unread, are dropped with the other unused variables.
 */
function inlineThemeConstants(root) {
  for (let changed = true; changed; ) {
    changed = false;
    const declared = new Map();
    root.walkDecls(/^--/, (decl) => {
      declared.set(decl.prop, [...(declared.get(decl.prop) ?? []), decl]);
    });
    const constants = new Map();
    for (const [name, decls] of declared) {
      const [decl] = decls;
      if (decls.length === 1 && decl.parent?.type === "rule" && decl.parent.selectors.includes(":root")) {
        // Not a calc(): the minify would round it (1.25 / .875), and text would sit a fraction of a pixel
        // off where the full stylesheet, which keeps the variable, puts it.
        if (!/var\(|calc\(/.test(decl.value)) constants.set(name, decl.value.trim());
      }
    }
    root.walkDecls((decl) => {
      // color-mix() of a variable and of its value differ in the last float digits: left as it is.
      if (!decl.value.includes("var(") || decl.value.includes("color-mix(")) return;
      const value = rewriteVars(decl.value, (name, fallback) =>
        fallback === undefined && constants.has(name)
          ? constants.get(name)
          : `var(${name}${fallback === undefined ? "" : `,${fallback}`})`,
      );
      if (value !== decl.value) {
        decl.value = value;
        changed = true;
      }
    });
  }
}

/** @param {string} css @returns {string} */
export function trimCriticalCss(css) {
  const root = postcss.parse(css);
  root.walkAtRules("supports", (supports) => {
    if (!COLOR_MIX_VERSION.test(supports.params.trim())) return;
    // The fallback is the same selector's rule just before: drop what the color-mix() version sets.
    const fallback = supports.prev();
    for (const version of supports.nodes) {
      if (fallback?.type !== "rule" || version.type !== "rule" || fallback.selector !== version.selector) continue;
      version.walkDecls((decl) => {
        fallback.walkDecls(decl.prop, (old) => {
          old.remove();
        });
      });
    }
    supports.replaceWith(supports.nodes);
  });
  root.walkRules((rule) => {
    const seen = new Set();
    rule.each((node) => {
      if (node.type !== "decl") return;
      const text = `${node.prop}:${node.value}`;
      if (TRANSITION.test(node.prop) || seen.has(text)) node.remove();
      else seen.add(text);
    });
  });
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((selector) => !INTERACTION_STATE.test(selector));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  removeEmptyContainers(root);
  settleVariables(root);
  inlineThemeConstants(root);

  const used = referencedVariables(root);
  root.walkDecls((decl) => {
    if (
      decl.prop.startsWith("--") &&
      !used.has(decl.prop) &&
      decl.parent?.type === "rule" &&
      // Theme variables, and the composition variables utilities set for other utilities to read.
      (declaresGlobals(decl.parent) || decl.prop.startsWith("--tw-"))
    ) {
      decl.remove();
    }
  });
  // Tailwind types its variables with @property (initial values included) and, for browsers without
  // @property, sets the same initial values on every element in a `properties` layer behind @supports.
  // Before the first paint nothing animates a typed variable: the layer alone, for every browser, gives
  // the same values in fewer bytes, and the full stylesheet brings the @property rules back.
  root.walkAtRules("property", (rule) => {
    rule.remove();
  });
  root.walkAtRules("layer", (layer) => {
    if (layer.params.trim() !== "properties") return;
    layer.walkAtRules("supports", (supports) => {
      supports.replaceWith(supports.nodes);
    });
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
  // Lightning CSS (what Vite minifies the full stylesheet with, for the same browsers) folds the
  // calc() of inlined constants and minifies what the steps above rewrote.
  return transform({
    filename: "critical.css",
    code: Buffer.from(root.toString()),
    minify: true,
    targets: TARGETS,
  }).code.toString();
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

const BELOW_FOLD_OPEN = /<([a-z][\w-]*)\b[^>]*\sdata-below-fold(?:="[^"]*")?[\s>/]/g;

/**
 * The end of the element whose start tag begins at `start`: counts the same tag name's openings and
 * closings (React's markup is well formed; other tags cannot close it).
 */
function elementEnd(html, start, tag) {
  const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, "g");
  tags.lastIndex = start;
  let depth = 0;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return match.index + match[0].length;
  }
  throw new Error(`critical CSS: <${tag} data-below-fold> is never closed`);
}

/**
 * Takes the parts a page marks `data-below-fold` (they start below the first screen at every size, e.g.
 * the home page's project grid) out of its HTML, leaving a placeholder comment each, so the critical CSS
 * is what the first screen needs. `restore` puts them back in the processed page.
 * @param {string} html
 */
export function parkBelowFold(html) {
  const parked = [];
  let rest = html;
  for (let match = BELOW_FOLD_OPEN.exec(rest); match; match = BELOW_FOLD_OPEN.exec(rest)) {
    const end = elementEnd(rest, match.index, match[1]);
    const marker = `<!--below-fold-${parked.length}-->`;
    parked.push(rest.slice(match.index, end));
    rest = rest.slice(0, match.index) + marker + rest.slice(end);
    BELOW_FOLD_OPEN.lastIndex = match.index + marker.length;
  }
  BELOW_FOLD_OPEN.lastIndex = 0;
  return {
    html: rest,
    count: parked.length,
    /** @param {string} processed */
    restore: (processed) =>
      parked.reduce((page, part, i) => {
        const marker = `<!--below-fold-${i}-->`;
        if (!page.includes(marker)) throw new Error(`critical CSS: placeholder ${marker} was lost`);
        return page.replace(marker, () => part);
      }, processed),
  };
}

/**
 * Until the full stylesheet (which sets --below-fold: visible, styles.css) has loaded, the parked parts
 * are laid out but invisible: a visitor who scrolls at once, or a very tall screen, never sees them
 * unstyled, and nothing above them moves.
 */
export const BELOW_FOLD_RULE = "[data-below-fold]{visibility:var(--below-fold,hidden)}";

/**
 * Returns a function that gives a page its critical CSS: beasties inlines the rules that match the
 * page's prerendered HTML above the fold (parkBelowFold) (with the dark class the template starts with, so both themes' rules are there
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
  return async (html) => {
    const firstScreen = parkBelowFold(html);
    const processed = (await beasties.process(firstScreen.html)).replace(
      /<style>([\s\S]*?)<\/style>/,
      (_, css) => `<style>${trimCriticalCss(css)}${firstScreen.count > 0 ? BELOW_FOLD_RULE : ""}</style>`,
    );
    return firstScreen.restore(processed);
  };
}
