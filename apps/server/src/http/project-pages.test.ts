import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pictureForm, pngPicture } from "@portfolio/testing/data/pictures.ts";
import { OWNER, startTestServer, type TestClient, type TestServer } from "@portfolio/testing/server/test-server.ts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The export's render bundle stands in as a small module of the same shape (the real one is a build
 * product: the browser tests use it): it counts its renders, so a test can tell a kept page from a new one.
 */
const BUNDLE = `
let renders = 0;
export async function renderProjectPage({ template, project, siteUrl, siteName }) {
  renders += 1;
  return template.replace("<!--app-->", "<h1>" + project.title + "</h1><p>render " + renders + "</p><p>" + siteUrl + " " + siteName + "</p>");
}
export function projectCardPath(project) {
  return "/projects/" + project.slug + "/card-" + (project.version % 10).toString().repeat(16) + ".png";
}
export function projectShareCard(project, siteName) {
  const cover = project.pictures.find((picture) => picture.cover);
  return { title: project.title, tags: project.tags, siteName, ...(cover ? { coverHash: cover.hash } : {}) };
}
`;

let site: string;
let server: TestServer;
let owner: TestClient;

beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), "portfolio-site-"));
  mkdirSync(join(site, ".render"));
  writeFileSync(join(site, "index.html"), "<html><body>home</body></html>");
  writeFileSync(join(site, "404.html"), "<html><body>This Page Has Gone Extinct!</body></html>");
  writeFileSync(join(site, ".render", "entry-server.mjs"), BUNDLE);
  writeFileSync(
    join(site, ".render", "project-page.html"),
    "<html><head><!--head--></head><body><!--app--></body></html>",
  );
  server = await startTestServer({ env: { SITE_DIR: site } });
  owner = await server.login(OWNER.username, OWNER.password);
});
afterAll(async () => {
  await server.close();
  rmSync(site, { recursive: true, force: true });
});

interface Saved {
  _id: string;
  slug: string;
  version: number;
}

async function createProject(title: string): Promise<Saved> {
  const res = await owner.post<Saved>("/api/projects", { title, description: "d", tags: ["TypeScript"] });
  expect(res.status).toBe(201);
  return res.body;
}

const get = (path: string) => fetch(server.url + path, { redirect: "manual" });

describe("project pages the server renders", () => {
  it("renders the page of a project saved after the export at once", async () => {
    const project = await createProject("Saved Later");
    const res = await get(`/projects/${project.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(await res.text()).toContain("<h1>Saved Later</h1>");
  });

  it("fills in the site's public origin and the owner's name", async () => {
    const project = await createProject("Origin Check");
    expect(await (await get(`/projects/${project.slug}`)).text()).toContain(
      `<p>${new URL(server.config.publicUrl).origin} Alex Morgan</p>`,
    );
  });

  it("keeps the rendered page until the project changes", async () => {
    const project = await createProject("Kept Page");
    const first = (await (await get(`/projects/${project.slug}`)).text()).match(/render \d+/)?.[0];
    expect((await (await get(`/projects/${project.slug}`)).text()).match(/render \d+/)?.[0]).toBe(first);
    const edit = await owner.patch(`/api/projects/${project._id}`, { version: project.version, title: "Kept Page 2" });
    expect(edit.status).toBe(200);
    const after = await (await get(`/projects/${project.slug}`)).text();
    expect(after).toContain("<h1>Kept Page 2</h1>");
    expect(after.match(/render \d+/)?.[0]).not.toBe(first);
  });

  it("answers an old slug with a 301 to the current page", async () => {
    const project = await createProject("Renamed Slug");
    const edit = await owner.patch(`/api/projects/${project._id}`, { version: project.version, slug: "new-address" });
    expect(edit.status).toBe(200);
    const res = await get(`/projects/${project.slug}`);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/projects/new-address");
  });

  it("answers an unknown slug with the 404 page", async () => {
    const res = await get("/projects/no-such-project");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("This Page Has Gone Extinct!");
  });

  it("draws the current share card: a 1200x630 PNG, cached for good", async () => {
    const project = await createProject("Card Project");
    const res = await get(`/projects/${project.slug}/card-${"1".repeat(16)}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const png = Buffer.from(await res.arrayBuffer());
    expect([png.toString("ascii", 1, 4), png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual(["PNG", 1200, 630]);
  });

  it("draws the cover from the database on the card", async () => {
    const project = await createProject("Covered Card");
    const upload = await owner.post(
      `/api/projects/${project._id}/pictures`,
      pictureForm(pngPicture(800, 600, [255, 0, 0]), { alt: "Red" }),
    );
    expect(upload.status).toBe(201);
    // The upload made version 2: the stand-in bundle names that card with 2s.
    const res = await get(`/projects/${project.slug}/card-${"2".repeat(16)}.png`);
    expect(res.status).toBe(200);
    const pixel = await sharp(Buffer.from(await res.arrayBuffer()))
      .extract({ left: 900, top: 300, width: 1, height: 1 })
      .removeAlpha()
      .raw()
      .toBuffer();
    expect([...pixel]).toEqual([255, 0, 0]);
  });

  it("answers a card the project no longer has with the 404 page", async () => {
    const project = await createProject("Old Card");
    expect((await get(`/projects/${project.slug}/card-${"2".repeat(16)}.png`)).status).toBe(404);
  });
});
