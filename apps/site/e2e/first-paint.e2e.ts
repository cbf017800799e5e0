/**
 * Each prerendered page carries only its critical CSS; the full stylesheet loads without blocking. These
 * tests hold that the first paint (the page's own HTML, before any stylesheet or script arrives) already
 * looks exactly as the finished page does, in both themes, and that nothing breaks the CSP. The parts a
 * page marks below the fold (the home page's project grid and footer) are left to the full stylesheet:
 * hidden until it has loaded, never unstyled.
 */
import type { Page } from "@playwright/test";
import { animationsSettled } from "@portfolio/testing/browser/axe.ts";
import { expect, gotoReady, test } from "./fixtures.ts";

const PAGES = [
  "/",
  "/login",
  "/calendar",
  "/playlist-shuffler",
  "/twitchchatwidget",
  "/twitchcotdwidget?setup=1",
  "/twitchcotdwidget",
  "/404",
];
const WIDTHS = [390, 1280];
/** What a visitor sees of each element (not transforms: a spinner turns, whatever styles it). */
const PROPERTIES = [
  "display",
  "position",
  "visibility",
  "opacity",
  "color",
  "background-color",
  "background-image",
  "font-size",
  "font-weight",
  "width",
  "height",
  "padding-top",
  "margin-top",
  "border-top-width",
];

async function computedStyles(page: Page): Promise<string[]> {
  // Let transitions started by the full stylesheet arriving settle (same values, other notation meanwhile).
  await animationsSettled(page);
  return page.evaluate(
    (properties) =>
      [...document.querySelectorAll("body *")]
        .filter((element) => !["SCRIPT", "STYLE", "LINK", "NOSCRIPT"].includes(element.tagName))
        // Below the fold, the first paint shows nothing (the test after this one).
        .filter((element) => element.closest("[data-below-fold]") === null)
        .map((element) => {
          const style = getComputedStyle(element);
          const name = `${element.tagName.toLowerCase()}.${element.getAttribute("class") ?? ""}`;
          // A box around a part below the fold grows when that part gets its styles: not its height.
          const shown = element.querySelector("[data-below-fold]")
            ? properties.filter((p) => p !== "height")
            : properties;
          return `${name} ${shown.map((p) => `${p}: ${style.getPropertyValue(p)}`).join("; ")}`;
        }),
    PROPERTIES,
  );
}

/** Loads `path` and reads its styles at each width, resizing the loaded page rather than loading it again. */
async function stylesAtEachWidth(page: Page, path: string, loaded: () => Promise<unknown>): Promise<string[][]> {
  const styles: string[][] = [];
  // No script runs, so what a width shows depends on the viewport alone, not on the width the page was loaded at:
  // one load read at each width is the page as loaded at that width, at a navigation less per width.
  for (const [index, width] of WIDTHS.entries()) {
    await page.setViewportSize({ width, height: 900 });
    if (index === 0) {
      await page.goto(path);
      await loaded();
    }
    styles.push(await computedStyles(page));
  }
  return styles;
}

test.describe("first paint", () => {
  test.beforeEach(async ({ page }) => {
    // Still frames: an animation (the live badge's ping) is at a different point in each look.
    await page.emulateMedia({ reducedMotion: "reduce" });
    // No script runs in either look: the first paint is the HTML alone.
    await page.route("**/assets/*.js", (route) => route.abort());
  });

  for (const path of PAGES) {
    // Both themes in one page: the second theme's init script runs after the first's and wins, so a theme costs
    // its loads, not a page of its own.
    test(`${path} is styled from its own HTML as the full stylesheet styles it, in dark and light mode`, async ({
      page,
    }) => {
      for (const theme of ["dark", "light"] as const) {
        await test.step(`${theme} mode`, async () => {
          await page.addInitScript((dark) => localStorage.setItem("darkMode", JSON.stringify(dark)), theme === "dark");
          await page.route("**/assets/*.css", (route) => route.abort());
          const critical = await stylesAtEachWidth(page, path, async () => {});
          await page.unroute("**/assets/*.css");
          const full = await stylesAtEachWidth(page, path, () =>
            page.waitForFunction(() =>
              [...document.styleSheets].some(
                (sheet) => sheet.href?.includes("/assets/") && sheet.media.mediaText !== "print",
              ),
            ),
          );
          expect(critical).toEqual(full);
        });
      }
    });
  }
});

test.describe("below the fold", () => {
  test("the home page's grid and footer are hidden until the full stylesheet has loaded, then shown", async ({
    page,
  }) => {
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.route("**/assets/*.css", (route) => route.abort());
    await page.goto("/");
    const parts = page.locator("[data-below-fold]");
    await expect(parts).toHaveCount(2);
    await expect(page.getByTestId("project-grid")).toHaveCSS("visibility", "hidden");
    await expect(page.locator("footer")).toHaveCSS("visibility", "hidden");
    await page.unroute("**/assets/*.css");
    await page.goto("/");
    await expect(page.getByTestId("project-grid")).toHaveCSS("visibility", "visible");
    await expect(page.locator(".project-card").first()).toHaveCSS("border-top-width", "1px");
    await expect(page.locator("footer")).toHaveCSS("visibility", "visible");
  });

  test("the project cards start no transition when the full stylesheet styles them", async ({ page }) => {
    await page.addInitScript(() => {
      const started: string[] = [];
      (window as unknown as { started: string[] }).started = started;
      document.addEventListener(
        "transitionrun",
        (event) => {
          const target = event.target as Element;
          if (target.matches(".project-card")) started.push(`${target.id} ${(event as TransitionEvent).propertyName}`);
        },
        true,
      );
    });
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/");
    await expect(page.locator(".project-card").first()).toHaveCSS("border-top-width", "1px");
    // A transition runs from the style change that starts it: a few frames are plenty to see one.
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { started: string[] }).started)).toEqual([]);
  });

  test("the critical CSS of the home page leaves out the project cards' rules", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const critical = /<style>(.*?)<\/style>/s.exec(html)?.[1] ?? "";
    expect(critical).toContain("[data-below-fold]{visibility:var(--below-fold,hidden)}");
    expect(critical).toContain(".floating-button");
    expect(critical).not.toContain(".project-card");
    expect(critical).not.toContain(".tag-blue");
  });
});

test.describe("the full stylesheet", () => {
  test("is a cached hashed file that does not block the first paint", async ({ page, request }) => {
    const html = await (await request.get("/")).text();
    const href = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*media="print"/.exec(html)?.[1];
    expect(href).toBeDefined();
    expect(html).toMatch(/<head>[\s\S]*<style>[\s\S]+<\/style>[\s\S]*<\/head>/);
    expect(html).not.toMatch(/<link rel="stylesheet"(?![^>]*media="print")[^>]*>(?![\s\S]*<\/noscript>)/);
    const css = await request.get(href as string);
    expect(css.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

    await gotoReady(page, "/");
    const sheetMedia = await page.evaluate(
      (file) => [...document.styleSheets].find((sheet) => sheet.href?.endsWith(file))?.media.mediaText,
      href as string,
    );
    expect(sheetMedia).toBe("all");
  });

  test("a code-split page preloads its chunks at low priority, and no page has the entry in <head>", async ({
    request,
  }) => {
    const html = await (await request.get("/login")).text();
    const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.length).toBeGreaterThan(0);
    for (const link of preloads) expect(link).toContain('fetchpriority="low"');
    for (const path of ["/", "/login", "/projects/discord-bot"]) {
      const page = await (await request.get(path)).text();
      expect(page).not.toMatch(/<script type="module"/);
      expect(page).toMatch(/<script>requestAnimationFrame\(.*src:"\/assets\/index-[^"]+\.js"/);
    }
  });

  for (const path of ["/", "/projects/discord-bot"]) {
    test(`${path} asks for the entry script only once its HTML is parsed, and hydrates`, async ({ page }) => {
      await gotoReady(page, path);
      const [parsed, entry] = await page.evaluate(() => [
        (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).domInteractive,
        performance.getEntriesByType("resource").find((r) => /\/assets\/index-[^/]+\.js$/.test(r.name))?.startTime ??
          Number.NaN,
      ]);
      // In <head>, the parser asked for it at once; from the script after the HTML, a frame after the parse.
      expect(entry).toBeGreaterThanOrEqual(parsed);
    });
  }

  test("loads on every public page with no Content Security Policy violation", async ({ page }) => {
    // Chromium reports a refused eval probe (caught by the page) as an issue, not on the console.
    const cdp = await page.context().newCDPSession(page);
    const issues: string[] = [];
    cdp.on("Audits.issueAdded", ({ issue }) => {
      if (issue.code === "ContentSecurityPolicyIssue") issues.push(JSON.stringify(issue.details));
    });
    await cdp.send("Audits.enable");
    for (const path of ["/", "/login", "/calendar", "/playlist-shuffler", "/twitchchatwidget", "/twitchheartwidget"]) {
      await gotoReady(page, path);
      await page.waitForLoadState("networkidle");
    }
    expect(issues).toEqual([]);
  });
});
