import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { criticalCss, trimCriticalCss } from "./critical-css.mjs";

describe("trimming a page's critical CSS to its first paint", () => {
  it("drops rules that only apply on hover, focus or press, and keeps the other selectors of a list", () => {
    const css = trimCriticalCss(
      ".a:hover{color:red}.b:focus-visible{outline:2px}.c:active,.c{color:blue}@media (hover:hover){.d:hover{color:green}}",
    );
    expect(css).toBe(".c{color:blue}");
  });

  it("keeps a class whose name holds an escaped colon", () => {
    const rule = "@media (hover:hover){.\\[\\@media\\(hover\\:hover\\)\\]\\:opacity-0{opacity:0}}";
    expect(trimCriticalCss(rule)).toBe(rule);
  });

  it("keeps only the theme variables the rules use, also through another variable", () => {
    const css = trimCriticalCss(
      ":root,:host{--font-sans:system-ui;--default-font-family:var(--font-sans);--color-red-500:red;--spacing:.25rem}html{font-family:var(--default-font-family)}.p-1{padding:calc(var(--spacing) * 1)}",
    );
    expect(css).toBe(
      ":root,:host{--font-sans:system-ui;--default-font-family:var(--font-sans);--spacing:.25rem}html{font-family:var(--default-font-family)}.p-1{padding:calc(var(--spacing) * 1)}",
    );
  });

  it("drops @property and @keyframes nothing uses, keeps those named through a variable", () => {
    const css = trimCriticalCss(
      '@property --tw-rotate-x{syntax:"*";inherits:false}@property --tw-shadow{syntax:"*";inherits:false}.s{box-shadow:var(--tw-shadow)}:root{--animate-spin:spin 1s linear infinite}.animate-spin{animation:var(--animate-spin)}@keyframes spin{to{transform:rotate(360deg)}}@keyframes ping{to{opacity:0}}',
    );
    expect(css).toBe(
      '@property --tw-shadow{syntax:"*";inherits:false}.s{box-shadow:var(--tw-shadow)}:root{--animate-spin:spin 1s linear infinite}.animate-spin{animation:var(--animate-spin)}@keyframes spin{to{transform:rotate(360deg)}}',
    );
  });
});

describe("a page's critical CSS", () => {
  let dist = "";
  afterEach(async () => {
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  async function page(body: string) {
    dist = await mkdtemp(join(tmpdir(), "critical-css-"));
    await mkdir(join(dist, "assets"));
    await writeFile(
      join(dist, "assets", "index-abc.css"),
      ".used{color:red}.unused{color:blue}:where(.space-y-4>:not(:last-child)){margin-block-start:1rem}.dark\\:bg-black:where(.dark,.dark *){background:#000}",
    );
    const html = `<!doctype html><html lang="en" class="dark"><head><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body>${body}</body></html>`;
    return criticalCss(dist)(html);
  }

  it("inlines the rules that match the page, the dark theme's too, and not the others", async () => {
    const html = await page('<div class="used dark:bg-black space-y-4"><p>a</p><p>b</p></div>');
    const style = /<style>(.*?)<\/style>/.exec(html)?.[1];
    expect(style).toContain(".used{color:red}");
    expect(style).toContain(":where(.space-y-4>:not(:last-child))");
    expect(style).toContain(".dark\\:bg-black:where(.dark,.dark *)");
    expect(style).not.toContain(".unused");
  });

  it("leaves the page's own <style> elements where they are, so hydration finds the same HTML", async () => {
    const html = await page('<main><style>html{background:transparent}</style><p class="used">a</p></main>');
    expect(html).toContain("<main><style>html{background:transparent}</style>");
    expect(html).toContain("<style>.used{color:red}</style>");
  });

  it("loads the full stylesheet without blocking the paint and without an inline event handler", async () => {
    const html = await page('<p class="used">a</p>');
    expect(html).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/index-abc.css" media="print" data-beasties-media="all">',
    );
    expect(html).toContain('<noscript><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></noscript>');
    expect(html).toMatch(/<script>document\.querySelectorAll\('link\[data-beasties-media\]'\)[^<]*<\/script><\/body>/);
    expect(html).not.toMatch(/\sonload=/);
  });
});
