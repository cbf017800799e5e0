import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  checkHtmlWeights,
  checkWeights,
  chunkFiles,
  type PageScripts,
  pagesOf,
  readBudgets,
  readHtmlBudgets,
} from "./weight-budgets.mjs";

/** Random bytes do not compress: a file of n kB is about n kB gzip. */
const incompressible = (kb: number) => randomBytes(kb * 1024);

let dist: string;
const silent = () => {};

/** A built site: the entry, the login page's chunk with a shared one, and the overlay with the chat widget. */
async function writeBuild(site: Record<string, { file: string; imports?: string[] }>, files: Record<string, number>) {
  await mkdir(join(dist, ".vite"), { recursive: true });
  await mkdir(join(dist, "assets"), { recursive: true });
  const overlay = {
    "src/widget-overlay.tsx": { file: "assets/overlay-a.js" },
    "src/tools/widgets/chat/ChatWidget.tsx": { file: "assets/overlay-ChatWidget-b.js" },
  };
  await writeFile(join(dist, ".vite", "manifest.json"), JSON.stringify(site));
  await writeFile(join(dist, ".vite", "overlay-manifest.json"), JSON.stringify(overlay));
  const all = { "assets/overlay-a.js": 30, "assets/overlay-ChatWidget-b.js": 5, ...files };
  for (const [file, kb] of Object.entries(all)) await writeFile(join(dist, file), incompressible(kb));
}

const HOME = {
  "index.html": { file: "assets/index-1.js" },
  "src/pages/LoginPage.tsx": { file: "assets/LoginPage-2.js", imports: ["_shared.js", "index.html"] },
  "_shared.js": { file: "assets/shared-3.js", imports: ["index.html"] },
  "src/pages/SecondFactorStep.tsx": { file: "assets/SecondFactorStep-4.js", imports: ["_shared.js"] },
};
const SIZES = { "assets/index-1.js": 60, "assets/LoginPage-2.js": 8, "assets/shared-3.js": 4, "assets/heavy-5.js": 30 };
const BUDGETS = { "/": 62, "/login": 74, "/twitchchatwidget (overlay)": 36 };

beforeEach(async () => {
  dist = await mkdtemp(join(tmpdir(), "weights-"));
});
afterEach(async () => {
  await rm(dist, { recursive: true, force: true });
});

const PAGES: PageScripts[] = [
  { page: "/", manifest: "site", keys: ["index.html"] },
  { page: "/login", manifest: "site", keys: ["index.html", "src/pages/LoginPage.tsx"] },
  {
    page: "/twitchchatwidget (overlay)",
    manifest: "overlay",
    keys: ["src/widget-overlay.tsx", "src/tools/widgets/chat/ChatWidget.tsx"],
  },
];
const check = (budgets: Record<string, number>) => checkWeights({ dist, pages: PAGES, budgets, log: silent });

describe("the JavaScript a page loads before it is interactive", () => {
  it("is the entry, the page's chunk and everything they import, each file once", () => {
    expect(chunkFiles(HOME, ["index.html", "src/pages/LoginPage.tsx"])).toEqual([
      "assets/index-1.js",
      "assets/LoginPage-2.js",
      "assets/shared-3.js",
    ]);
  });

  it("of a page without the project snapshot leaves out the built-in data, which it fetches alongside hydrating", () => {
    const login = pagesOf(["/login"]).find((page) => page.page === "/login");
    expect(login?.keys).toEqual(["index.html", "src/pages/LoginPage.tsx"]);
  });

  it("of a widget's builder includes the builder it fetches before hydrating", () => {
    const cat = pagesOf(["/twitchcotdwidget"]).find((page) => page.page === "/twitchcotdwidget");
    expect(cat?.keys).toEqual(["index.html", "src/pages/WidgetPage.tsx", "src/tools/widgets/screens/CatScreen.tsx"]);
  });

  it("of an overlay is the overlay's own entry and its widget, none of the site", () => {
    const chat = pagesOf([]).find((page) => page.page === "/twitchchatwidget (overlay)");
    expect(chat).toEqual({
      page: "/twitchchatwidget (overlay)",
      manifest: "overlay",
      keys: ["src/widget-overlay.tsx", "src/tools/widgets/chat/ChatWidget.tsx"],
    });
  });

  it("names a chunk missing from the manifest instead of skipping it", () => {
    expect(() => chunkFiles(HOME, ["src/pages/Gone.tsx"])).toThrow(
      "The build manifest has no chunk for src/pages/Gone.tsx.",
    );
  });
});

describe("the weight check of a build", () => {
  it("passes when every page is within its budget", async () => {
    await writeBuild(HOME, SIZES);
    const measured = await check(BUDGETS);
    expect(measured.map((m) => m.page)).toEqual(["/", "/login", "/twitchchatwidget (overlay)"]);
  });

  it("fails the build when a heavy module is imported into the home page, naming every page it pushed over", async () => {
    await writeBuild(
      {
        ...HOME,
        "index.html": { file: "assets/index-1.js", imports: ["_heavy.js"] },
        "_heavy.js": { file: "assets/heavy-5.js" },
      },
      SIZES,
    );
    const failure = check(BUDGETS);
    await expect(failure).rejects.toThrow(
      /^Pages over their JavaScript budget:\n\/: 90\.\d kB gzip of JavaScript before it is interactive, over its budget of 62 kB \(assets\/index-1\.js, assets\/heavy-5\.js\)\.\n\/login: 102\.\d kB gzip of JavaScript before it is interactive, over its budget of 74 kB/,
    );
  });

  it("passes again once the heavy module loads only when it is used (a dynamic import)", async () => {
    await writeBuild(
      {
        ...HOME,
        "index.html": { file: "assets/index-1.js", dynamicImports: ["_heavy.js"] } as never,
        "_heavy.js": { file: "assets/heavy-5.js" },
      },
      SIZES,
    );
    await expect(check(BUDGETS)).resolves.toHaveLength(3);
  });

  it("fails on a built page without a budget, so a new page cannot go unchecked", async () => {
    await writeBuild(HOME, SIZES);
    const { "/login": _login, ...withoutLogin } = BUDGETS;
    await expect(check(withoutLogin)).rejects.toThrow(
      "Pages over their JavaScript budget:\n/login: no budget in apps/site/weight-budgets.json.",
    );
  });

  it("fails on a budget for a page that was not built, so a renamed page cannot go unchecked", async () => {
    await writeBuild(HOME, SIZES);
    await expect(check({ ...BUDGETS, "/gone": 95 })).rejects.toThrow(
      "Pages over their JavaScript budget:\n/gone: budgeted in apps/site/weight-budgets.json but not built.",
    );
  });
});

describe("the home page's HTML budget", () => {
  const homeHtml = (bytes: number) => writeFile(join(dist, "index.html"), "x".repeat(bytes));

  it("fails the build when the exported home page's HTML passes its budget", async () => {
    await homeHtml(40 * 1024 + 1);
    await expect(checkHtmlWeights({ dist, budgets: { "/": 40 }, log: silent })).rejects.toThrow(
      "Pages over their HTML budget:\n/: 40.0 kB of HTML, over its budget of 40 kB.",
    );
  });

  it("passes at its budget", async () => {
    await homeHtml(40 * 1024);
    await expect(checkHtmlWeights({ dist, budgets: { "/": 40 }, log: silent })).resolves.toBeUndefined();
  });
});

describe("the budgets file", () => {
  it("holds a budget for every page the site builds, and one only for those", async () => {
    const budgets = await readBudgets(join(import.meta.dirname, "..", "weight-budgets.json"));
    const { ROUTE_META } = await import("../src/routes/route-meta.ts");
    const { PROJECT_PAGE_BUDGET } = await import("./project-pages.mjs");
    // As the export measures them (prerender.mjs): every route, and the project page its projects share.
    const pages = pagesOf([...ROUTE_META.map((route) => route.path), PROJECT_PAGE_BUDGET]).map((page) => page.page);
    expect(Object.keys(budgets).sort()).toEqual([...pages].sort());
  });

  it("holds the home page's HTML at most at 40 kB", async () => {
    const html = await readHtmlBudgets(join(import.meta.dirname, "..", "weight-budgets.json"));
    expect(html).toEqual({ "/": 40 });
  });

  it("holds the overlays at most at their size when they were first budgeted", async () => {
    const budgets = await readBudgets(join(import.meta.dirname, "..", "weight-budgets.json"));
    expect(budgets["/twitchchatwidget (overlay)"]).toBeLessThanOrEqual(87.2);
    expect(budgets["/twitchcountdownwidget (overlay)"]).toBeLessThanOrEqual(77.3);
    expect(budgets["/twitchcotdwidget (overlay)"]).toBeLessThanOrEqual(78.3);
    expect(budgets["/twitchheartwidget (overlay)"]).toBeLessThanOrEqual(78.9);
  });
});
