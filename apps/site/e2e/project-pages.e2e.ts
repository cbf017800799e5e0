/**
 * A project's own page on the real server and export: a project saved after the build has its page at
 * once (the server renders it with the export's components), its pictures as a gallery in the owner's
 * order, AVIF for Chromium, nothing moving as it loads, accessible in both themes; an old slug redirects,
 * an unknown one is the 404 page; the home page's card shows the cover and links to the page.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { seriousViolationsInBothThemes } from "@portfolio/testing/browser/axe.ts";
import { pngPicture } from "@portfolio/testing/data/pictures.ts";
import { samplePng } from "@portfolio/testing/pictures/sample-png.mjs";
import { editProject, expect, openPanel, ownerAccount, test, uniqueName } from "./admin-support.ts";
import { gotoReady } from "./fixtures.ts";

interface SavedProject {
  _id: string;
  slug: string;
  version: number;
  pictures: { hash: string; alt: string; caption: string; width: number; height: number; cover: boolean }[];
}

const LONG_DESCRIPTION =
  "# How it works\n\nIt reads *chat*.\n\n<script>alert(1)</script>\n\n[Docs](https://example.com/docs)";

async function createProject(api: APIRequestContext, title: string): Promise<SavedProject> {
  const created = await api.post("/api/projects", {
    data: {
      title,
      description: "A bot that reads chat.",
      tags: ["TypeScript", "Twitch"],
      github: "https://github.com/example/chat-bot",
      externalLink: "https://example.com/demo",
      longDescription: LONG_DESCRIPTION,
    },
  });
  expect(created.status(), "create project").toBe(201);
  return (await created.json()) as SavedProject;
}

/** A project with three pictures uploaded as First, Second, Third, then shown as Third, First, Second. */
async function projectWithPictures(api: APIRequestContext, title: string): Promise<SavedProject> {
  const project = await createProject(api, title);
  for (const [i, alt] of ["First", "Second", "Third"].entries()) {
    const upload = await api.post(`/api/projects/${project._id}/pictures`, {
      multipart: {
        file: { name: `${alt}.png`, mimeType: "image/png", buffer: samplePng({ width: 1000, height: 560, seed: i }) },
        alt: `${alt} picture`,
        caption: `${alt} caption`,
      },
    });
    expect(upload.status(), `upload ${alt}`).toBe(201);
  }
  const list = (await (await api.get("/api/projects")).json()) as { projects: SavedProject[] };
  const current = list.projects.find((p) => p._id === project._id) as SavedProject;
  const [first, second, third] = current.pictures;
  const reordered = await api.patch(`/api/projects/${project._id}`, {
    data: {
      version: current.version,
      pictures: [third, first, second].map((p) => ({ ...p, cover: p === first })),
    },
  });
  expect(reordered.status(), "reorder").toBe(200);
  return (await reordered.json()) as SavedProject;
}

/**
 * The tests that only read a project with pictures share one per worker's server: each upload has sharp make
 * its AVIF and WebP variants, most of this file's time when every test uploaded three of its own. Isolated by
 * its unique title, as the shared server's tests are (fixtures.ts, `testWithServer`); nothing changes it.
 */
const picturedProjects = new Map<string, Promise<{ title: string; project: SavedProject }>>();
function sharedProjectWithPictures(
  api: APIRequestContext,
  baseUrl: string,
): Promise<{ title: string; project: SavedProject }> {
  let made = picturedProjects.get(baseUrl);
  if (!made) {
    const title = uniqueName("Gallery Bot ");
    made = projectWithPictures(api, title).then((project) => ({ title, project }));
    // A failed set-up is the failing test's, not every later one's: the next test makes it again.
    made.catch(() => picturedProjects.delete(baseUrl));
    picturedProjects.set(baseUrl, made);
  }
  return made;
}

const galleryAlts = (page: Page) =>
  page
    .getByTestId("project-gallery")
    .locator("img")
    .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).alt));

test.describe("project pages", () => {
  // Each upload has sharp make its AVIF and WebP variants: three take a while on a busy machine.
  test.slow();
  test("a project saved after the build has its page at once, its pictures in the owner's order", async ({
    page,
    ownerApi,
  }) => {
    // A project of its own, saved just now: a shared one's page may have been rendered by another test already.
    const title = uniqueName("Chat Bot ");
    const project = await projectWithPictures(ownerApi, title);
    // The server's render hydrates like an exported page: no script refused by the CSP, no mismatch.
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await gotoReady(page, `/projects/${project.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    expect(await galleryAlts(page)).toEqual(["Third picture", "First picture", "Second picture"]);
    await expect(page.getByTestId("project-gallery").locator("figcaption")).toHaveText([
      "Third caption",
      "First caption",
      "Second caption",
    ]);
    const images = page.getByTestId("project-gallery").locator("img");
    await expect(images.first()).toHaveAttribute("loading", "eager");
    await expect(images.first()).toHaveAttribute("fetchpriority", "high");
    await expect(images.nth(1)).toHaveAttribute("loading", "lazy");
    await expect(images.nth(2)).toHaveAttribute("loading", "lazy");
    for (const img of await images.all()) {
      await expect(img).toHaveAttribute("width", "1000");
      await expect(img).toHaveAttribute("height", "560");
    }
    await expect(page.getByTestId("project-status")).toHaveText("Active");
    await expect(page.getByTestId("project-tags").locator("li")).toHaveText(["TypeScript", "Twitch"]);
    await expect(page.getByRole("link", { name: `Code of ${title} (opens in a new tab)` })).toHaveAttribute(
      "href",
      "https://github.com/example/chat-bot",
    );
    const description = page.getByTestId("project-description");
    await expect(description.getByRole("heading", { level: 2 })).toHaveText("How it works");
    await expect(description).toContainText("<script>alert(1)</script>");
    await expect(description.locator("script")).toHaveCount(0);
    await expect(description.getByRole("link", { name: "Docs" })).toHaveAttribute("rel", "noopener");
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  });

  test("the page's share card, Open Graph tags and JSON-LD", async ({ page, ownerApi, server }) => {
    const title = uniqueName("Card Bot ");
    const project = await createProject(ownerApi, title);
    await page.goto(`/projects/${project.slug}`);
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(image).toMatch(new RegExp(`^${server.baseUrl}/projects/${project.slug}/card-[0-9a-f]{16}\\.png$`));
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
      "content",
      `${server.baseUrl}/projects/${project.slug}`,
    );
    const card = await ownerApi.get(image as string);
    expect(card.status()).toBe(200);
    expect(card.headers()["content-type"]).toBe("image/png");
    const png = await card.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(jsonLd).toMatchObject({
      "@type": "SoftwareSourceCode",
      name: title,
      codeRepository: "https://github.com/example/chat-bot",
      image,
    });
  });

  test("Chromium is served AVIF, and nothing moves as the page loads (CLS 0)", async ({ page, ownerApi, server }) => {
    const { project } = await sharedProjectWithPictures(ownerApi, server.baseUrl);
    const types: string[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/media/")) types.push(response.headers()["content-type"] ?? "");
    });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    await gotoReady(page, `/projects/${project.slug}`);
    await page.getByTestId("project-gallery").locator("img").last().scrollIntoViewIfNeeded();
    await expect.poll(() => types.length).toBe(3);
    expect(types).toEqual(["image/avif", "image/avif", "image/avif"]);
    await page.waitForLoadState("networkidle");
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifts.reduce((a, b) => a + b, 0)).toBe(0);
  });

  test("no serious or critical axe violations on a project page, in both themes", async ({
    page,
    ownerApi,
    server,
  }) => {
    test.slow();
    const { project } = await sharedProjectWithPictures(ownerApi, server.baseUrl);
    await gotoReady(page, `/projects/${project.slug}`);
    await page.waitForLoadState("networkidle");
    expect(await seriousViolationsInBothThemes(page)).toEqual([]);
  });

  test("an old slug redirects to the project's current page", async ({ page, ownerApi }) => {
    const project = await createProject(ownerApi, uniqueName("Old Name "));
    const renamed = await ownerApi.patch(`/api/projects/${project._id}`, {
      data: { version: project.version, slug: `${project.slug}-renamed` },
    });
    expect(renamed.status()).toBe(200);
    const old = await ownerApi.get(`/projects/${project.slug}`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe(`/projects/${project.slug}-renamed`);
    await page.goto(`/projects/${project.slug}`);
    await expect(page).toHaveURL(new RegExp(`/projects/${project.slug}-renamed$`));
    await expect(page.getByTestId("project-page")).toHaveAttribute("data-slug", `${project.slug}-renamed`);
  });

  test("an unknown slug is the site's 404 page", async ({ page }) => {
    const response = await page.goto("/projects/no-such-project-here");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This Page Has Gone Extinct!");
  });

  test("the home page's card shows the cover, small, and its title links to the page", async ({
    page,
    ownerApi,
    server,
  }) => {
    const { title, project } = await sharedProjectWithPictures(ownerApi, server.baseUrl);
    const cover = project.pictures.find((p) => p.cover);
    await gotoReady(page, "/");
    const card = page.locator(".project-card").filter({ hasText: title });
    await expect(card.locator("img.project-card-cover")).toHaveAttribute("src", `/media/${cover?.hash}/480.webp`);
    await card.getByRole("link", { name: title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  });

  test("the export has a page per built-in project, listed in the sitemap", async ({ page, ownerApi }) => {
    const sitemap = await (await ownerApi.get("/sitemap.xml")).text();
    const pages = [...sitemap.matchAll(/<loc>[^<]*(\/projects\/[a-z0-9-]+)<\/loc>/g)].map((m) => m[1] as string);
    expect(pages.length).toBeGreaterThan(0);
    const response = await page.goto(pages[0] as string);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("project-page")).toBeVisible();
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
  });

  test.describe("on a built-in project", () => {
    // A fresh database: the test adds pictures to a built-in project and counts them.
    test.use({ ownServer: true });

    test("pictures added in the admin panel show on the project's page in the edited order", async ({
      page,
      login,
    }) => {
      await login(ownerAccount);
      await openPanel(page, "Projects");
      const modal = await editProject(page, "Economy Bot");
      const pictures = modal.getByTestId("editor-picture");
      for (const [i, [alt, rgb]] of (
        [
          ["Coins", [250, 200, 0]],
          ["Leaderboard", [0, 120, 250]],
        ] as const
      ).entries()) {
        await modal
          .getByLabel("Picture file")
          .setInputFiles({ name: `${alt}.png`, mimeType: "image/png", buffer: pngPicture(640, 360, [...rgb]) });
        await modal.getByLabel("Alt text (required)").fill(alt);
        await modal.getByRole("button", { name: "Add picture" }).click();
        await expect(pictures).toHaveCount(i + 1);
      }
      await modal.getByRole("button", { name: "Move up: Leaderboard" }).focus();
      await page.keyboard.press("Enter");
      await modal.getByRole("button", { name: "Save Changes" }).click();
      await expect(modal).toBeHidden();

      await gotoReady(page, "/projects/economy-bot");
      expect(await galleryAlts(page)).toEqual(["Leaderboard", "Coins"]);
      await expect(page.getByTestId("project-gallery").locator("img").first()).toHaveAttribute("width", "640");
    });
  });
});
