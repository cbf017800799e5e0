/**
 * html-validate over the static export (e2e/html-valid.e2e.ts checks every dist/**\/*.html).
 * Everything in the recommended preset is on, except rules about how valid markup is *spelled*; each of
 * those is off for the reason given, and none of them changes what a browser or assistive tech gets.
 */
// CommonJS: html-validate loads its config with require(), which an ES module would reach only wrapped.
/** @type {import("html-validate").ConfigData} */
module.exports = {
  root: true,
  extends: ["html-validate:recommended"],
  rules: {
    // React and Vite write void elements as `<meta />`; HTML accepts both that and `<meta>`.
    "void-style": "off",
    // Vite's template starts with `<!doctype html>`; the doctype is case-insensitive.
    "doctype-style": "off",
    // Whitespace left where the prerender fills the template's placeholders; it renders as nothing.
    "no-trailing-whitespace": "off",
    // React writes attribute names as its props are spelled (`dateTime`, `autoComplete`); HTML attribute
    // names are case-insensitive.
    "attr-case": "off",
    // React writes true boolean attributes as `noValidate=""`, which HTML defines as the same as the bare name.
    "attribute-boolean-style": "off",
    // A widget sizes its text and picture from its settings (any number of pixels, from its URL), which only an
    // inline style can carry; every other inline property is still refused.
    "no-inline-style": ["error", { allowedProperties: ["display", "font-size", "width"] }],
  },
};
