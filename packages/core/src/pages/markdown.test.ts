import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.ts";

describe("renderMarkdown", () => {
  it("renders paragraphs, emphasis and lists", () => {
    expect(renderMarkdown("Some *text*.\n\n- one\n- two")).toBe(
      "<p>Some <em>text</em>.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n",
    );
  });

  it("is empty for an empty description", () => {
    expect(renderMarkdown("  \n")).toBe("");
  });

  it("shows a raw <script> as text, never as an element", () => {
    expect(renderMarkdown("<script>alert(1)</script>")).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n");
  });

  it("shows raw HTML with an event handler as text", () => {
    const html = renderMarkdown('<img src=x onerror="alert(1)">');
    expect(html).not.toContain("<img");
    expect(html).toBe("<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</p>\n");
  });

  it("refuses a javascript: link, leaving its text", () => {
    expect(renderMarkdown("[click](javascript:alert(1))")).toBe("<p>[click](javascript:alert(1))</p>\n");
  });

  it("refuses an entity-encoded javascript: link", () => {
    expect(renderMarkdown("[click](&#106;avascript:alert(1))")).not.toContain("href");
  });

  it("refuses a data: link", () => {
    expect(renderMarkdown("[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)")).not.toContain("href");
  });

  it("cannot break out of an attribute with a quote in the URL", () => {
    expect(renderMarkdown('[x](https://example.com/"onmouseover="alert(1))')).toBe(
      '<p><a href="https://example.com/%22onmouseover=%22alert(1)" rel="noopener">x</a></p>\n',
    );
  });

  it("gives a link rel=noopener and no target", () => {
    expect(renderMarkdown("[Code](https://github.com/a/b)")).toBe(
      '<p><a href="https://github.com/a/b" rel="noopener">Code</a></p>\n',
    );
  });

  it("links a bare address, with rel=noopener", () => {
    expect(renderMarkdown("See https://example.com today")).toBe(
      '<p>See <a href="https://example.com" rel="noopener">https://example.com</a> today</p>\n',
    );
  });

  it("shows a Markdown image as its source text: pictures belong to the gallery", () => {
    expect(renderMarkdown("![alt](https://example.com/a.png)")).not.toContain("<img");
  });

  it("starts headings at h2, below the page's title", () => {
    expect(renderMarkdown("# Big\n\n## Less")).toBe("<h2>Big</h2>\n<h3>Less</h3>\n");
  });

  it("makes the highest heading an h2 whatever its level, keeping the steps below it", () => {
    expect(renderMarkdown("## Part\n\n### Detail\n\n## Part 2")).toBe(
      "<h2>Part</h2>\n<h3>Detail</h3>\n<h2>Part 2</h2>\n",
    );
  });

  it("caps the deepest headings at h6", () => {
    expect(renderMarkdown("# Big\n\n###### Small")).toBe("<h2>Big</h2>\n<h6>Small</h6>\n");
  });

  it("escapes code", () => {
    expect(renderMarkdown("`<b>`")).toBe("<p><code>&lt;b&gt;</code></p>\n");
  });
});
