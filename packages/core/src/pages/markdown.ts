/**
 * A project's long description (Markdown) as HTML, rendered once at export or by the server's page render,
 * never in the browser. The owner's text is still treated as untrusted (docs/security.md): raw HTML is
 * not passed through but shown as text, links keep only safe schemes (markdown-it refuses `javascript:`,
 * `vbscript:`, `file:` and `data:`), and every link gets `rel="noopener"`.
 *
 * Choices: links open where they are (no `target`: the visitor decides about new tabs); Markdown images are
 * off, because pictures belong to the gallery, where they have alt text, sizes and dimensions (an image
 * without width and height would move the page as it loads); headings start at <h2>, below the page's
 * one <h1>, the project's title.
 */
import MarkdownIt from "markdown-it";

const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });
md.disable("image");

md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx];
  if (token) token.attrSet("rel", "noopener");
  return self.renderToken(tokens, idx, options);
};

/**
 * Headings move so the description's highest one is an <h2>, under the page's <h1> (the project's title),
 * and the levels below it keep their steps: `#` or `##` at the top both start at <h2> (no level skipped,
 * which screen readers and the accessibility audits expect); capped at <h6>.
 */
md.core.ruler.push("heading_levels", (state) => {
  const headings = state.tokens.filter((t) => t.type === "heading_open" || t.type === "heading_close");
  const top = Math.min(...headings.map((t) => Number(t.tag.slice(1))));
  for (const token of headings) token.tag = `h${Math.min(6, Number(token.tag.slice(1)) - top + 2)}`;
  return true;
});

/** The Markdown `source` as sanitised HTML ("" for an empty description). */
export function renderMarkdown(source: string): string {
  return source.trim() === "" ? "" : md.render(source);
}
