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
    expect(css).toBe(".c{color:#00f}");
  });

  it("drops transitions, the fallbacks of color-mix() colours, and repeated declarations", () => {
    const css = trimCriticalCss(
      ".t{color:red;transition-property:color;transition-duration:.2s;--tw-duration:.2s;--tw-font-weight:600}.b{border-color:#e2e8f0cc}@supports (color:color-mix(in lab, red, red)){.b{border-color:color-mix(in oklab, var(--color-slate-200) 80%, transparent)}}@supports (display:grid){.g{display:grid}}.d{-webkit-text-decoration-color:red;-webkit-text-decoration-color:red;text-decoration-color:red}",
    );
    expect(css).toBe(
      ".t{color:red}.b{border-color:color-mix(in oklab, var(--color-slate-200) 80%, transparent)}@supports (display:grid){.g{display:grid}}.d{text-decoration-color:red}",
    );
  });

  it("drops fallbacks of variables set on :root and uses those of variables that are only ever initial", () => {
    const css = trimCriticalCss(
      ':root{--font-sans:system-ui}@layer properties{*{--tw-blur:initial;--tw-leading:initial}}.l{--tw-leading:1.5}html{font-family:var(--font-sans,"Segoe UI", Arial)}.b{filter:var(--tw-blur, ) var(--tw-grayscale,) contrast(2)}.t{line-height:var(--tw-leading,var(--font-sans, x))}',
    );
    expect(css).toBe(
      "@layer properties{*{--tw-leading:initial}}.l{--tw-leading:1.5}html{font-family:system-ui}.b{filter:contrast(2)}.t{line-height:var(--tw-leading,system-ui)}",
    );
  });

  it("keeps a class whose name holds an escaped colon", () => {
    const rule = "@media (hover:hover){.\\[\\@media\\(hover\\:hover\\)\\]\\:opacity-0{opacity:0}}";
    expect(trimCriticalCss(rule)).toBe(rule);
  });

  it("writes constant theme variables where they are read, also through another variable", () => {
    const css = trimCriticalCss(
      ":root,:host{--font-sans:system-ui;--default-font-family:var(--font-sans);--color-red-500:red;--spacing:.25rem}html{font-family:var(--default-font-family)}.p-1{padding:calc(var(--spacing) * 1)}.m-4{margin:calc(var(--spacing) * -4)}",
    );
    expect(css).toBe("html{font-family:system-ui}.p-1{padding:.25rem}.m-4{margin:-1rem}");
  });

  it("keeps a variable set in more than one place, and drops the theme variables nothing reads", () => {
    const css = trimCriticalCss(":root{--a:1px;--unused:2px}.x{--a:3px}.y{margin:var(--a)}");
    expect(css).toBe(":root{--a:1px}.x{--a:3px}.y{margin:var(--a)}");
  });

  it("drops @keyframes nothing uses, keeps those named through a variable", () => {
    const css = trimCriticalCss(
      ":root{--animate-spin:spin 1s linear infinite}.animate-spin{animation:var(--animate-spin)}@keyframes spin{to{transform:rotate(360deg)}}@keyframes ping{to{opacity:0}}",
    );
    expect(css).toBe(".animate-spin{animation:1s linear infinite spin}@keyframes spin{to{transform:rotate(360deg)}}");
  });

  it("gives Tailwind's typed variables their initial values in every browser, without @property", () => {
    const css = trimCriticalCss(
      '@layer properties{@supports (((-webkit-hyphens:none)) and (not (margin-trim:block))){*,:before,:after{--tw-shadow:0 0 #0000;--tw-rotate-x:initial}}}.s{box-shadow:var(--tw-shadow)}@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}@property --tw-rotate-x{syntax:"*";inherits:false}',
    );
    expect(css).toBe("@layer properties{*,:before,:after{--tw-shadow:0 0 #0000}}.s{box-shadow:var(--tw-shadow)}");
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

  it("leaves the parts marked below the fold out of the critical CSS, hidden until the full stylesheet shows them", async () => {
    const grid = '<div class="g" data-below-fold=""><div class="unused"><div>nested</div></div></div>';
    const html = await page(`<main><p class="used">a</p>${grid}<p>after</p></main>`);
    expect(html).toContain(`<main><p class="used">a</p>${grid}<p>after</p></main>`);
    const style = /<style>(.*?)<\/style>/.exec(html)?.[1];
    expect(style).toBe(".used{color:red}[data-below-fold]{visibility:var(--below-fold,hidden)}");
  });

  it("adds no below-the-fold rule to a page without such parts", async () => {
    const html = await page('<p class="used">a</p>');
    expect(/<style>(.*?)<\/style>/.exec(html)?.[1]).toBe(".used{color:red}");
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
