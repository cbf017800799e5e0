/**
 * Valid HTML in the static export: html-validate (config: ../.htmlvalidate.cjs, which turns off only
 * spelling-style rules) over every page the build wrote. Reads files, so it needs no browser; it lives
 * with the browser tests because the root `pnpm test` builds the export before running them.
 */
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { FileSystemConfigLoader, HtmlValidate, nodejsResolver } from "html-validate";
import { ROUTE_META } from "../src/routes/route-meta.ts";

const siteRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(siteRoot, "dist");

async function exportedPages(): Promise<string[]> {
  if (!existsSync(join(dist, "index.html"))) {
    throw new Error(`No static export in ${dist}: build first (pnpm --filter @portfolio/site build).`);
  }
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  return (
    entries
      .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
      .map((entry) => join(entry.parentPath, entry.name))
      // Pages, not the project page template in .render (the server fills it in: project-pages.ts).
      .filter(
        (file) =>
          !relative(dist, file)
            .split(sep)
            .some((part) => part.startsWith(".")),
      )
      .sort()
  );
}

test("every exported page is valid HTML (html-validate, recommended rules)", async () => {
  const pages = await exportedPages();
  // Every route of route-meta.ts: a broken build that wrote only a few pages fails here too.
  expect(pages.map((page) => relative(dist, page))).toEqual(expect.arrayContaining(ROUTE_META.map((r) => r.file)));
  const validator = new HtmlValidate(new FileSystemConfigLoader([nodejsResolver()]));
  const problems: string[] = [];
  for (const page of pages) {
    const report = await validator.validateFile(page);
    for (const result of report.results) {
      for (const message of result.messages) {
        problems.push(
          `${relative(dist, page)}:${message.line}:${message.column} ${message.ruleId}: ${message.message} (${message.selector ?? ""})`,
        );
      }
    }
  }
  expect(problems, problems.join("\n")).toEqual([]);
});

test("the validator's config is the project's, and it catches an aria-label on a heading", async () => {
  // A test that can fail: the same validator and config refuse what the export used to contain.
  const validator = new HtmlValidate(new FileSystemConfigLoader([nodejsResolver()]));
  const report = await validator.validateString(
    '<!doctype html><html lang="en"><head><title>t</title></head><body><h1 aria-label="Hi">Hi</h1><ul><li id="_R_br_">x</li></ul></body></html>',
    join(siteRoot, "sample.html"),
  );
  const rules = report.results.flatMap((r) => r.messages.map((m) => m.ruleId)).sort();
  expect(rules).toEqual(["aria-label-misuse", "valid-id"]);
});
