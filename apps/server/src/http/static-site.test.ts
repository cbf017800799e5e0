import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const inline = "document.documentElement.classList.add('dark')";
let site: string;
let server: TestServer;

beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), "portfolio-site-"));
  mkdirSync(join(site, "assets"));
  mkdirSync(join(site, "twitch"));
  writeFileSync(
    join(site, "index.html"),
    `<html><head><script>${inline}</script><script type="application/json">{"a":1}</script></head><body>home</body></html>`,
  );
  writeFileSync(join(site, "index.html.gz"), gzipSync("<html><body>home</body></html>"));
  writeFileSync(join(site, "login.html"), "<html><body>login</body></html>");
  writeFileSync(join(site, "twitch", "callback.html"), "<html><body>callback</body></html>");
  writeFileSync(join(site, "404.html"), "<html><body>This Page Has Gone Extinct!</body></html>");
  writeFileSync(join(site, "assets", "app-abc123.js"), "console.log(1)");
  writeFileSync(join(site, "robots.txt"), "User-agent: *\n");
  writeFileSync(join(site, "card-0123456789abcdef.png"), "png");
  mkdirSync(join(site, ".render"));
  writeFileSync(join(site, ".render", "entry-server.mjs"), "export const secret = 1;");
  writeFileSync(join(site, ".render", "project-page.html"), "<html><body>template</body></html>");
  server = await startTestServer({ env: { SITE_DIR: site } });
});
afterAll(async () => {
  await server.close();
  rmSync(site, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(server.url + path, { headers });

describe("static export", () => {
  it("serves one prerendered file per route, nested ones too", async () => {
    expect(await (await get("/login")).text()).toContain("login");
    expect(await (await get("/login/")).text()).toContain("login");
    expect(await (await get("/twitch/callback")).text()).toContain("callback");
  });

  it("answers unknown paths and /404 with the 404 page and status 404", async () => {
    for (const path of ["/no-such-page", "/404", "/assets/missing.js", "/../etc/passwd"]) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("This Page Has Gone Extinct!");
    }
  });

  it("caches hashed assets for a year and pages not at all without revalidation", async () => {
    expect((await get("/assets/app-abc123.js")).headers.get("cache-control")).toBe(
      "public, max-age=31536000, immutable",
    );
    expect((await get("/login")).headers.get("cache-control")).toBe("no-cache");
  });

  it("caches share cards, named by what they show, for a year", async () => {
    expect((await get("/card-0123456789abcdef.png")).headers.get("cache-control")).toBe(
      "public, max-age=31536000, immutable",
    );
    expect((await get("/robots.txt")).headers.get("cache-control")).toBe("no-cache");
  });

  it("sends the precompressed copy when the browser accepts it", async () => {
    const compressed = await get("/", { "accept-encoding": "gzip" });
    expect(compressed.headers.get("content-encoding")).toBe("gzip");
    expect(compressed.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(compressed.headers.get("vary")).toContain("Accept-Encoding");
    const plain = await get("/", { "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
  });

  it("never serves the render bundle or the page template of the export's .render folder", async () => {
    for (const path of ["/.render/entry-server.mjs", "/.render/project-page.html", "/.render/project-page"]) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("This Page Has Gone Extinct!");
    }
  });

  it("never serves a compressed twin by its own name", async () => {
    expect((await get("/index.html.gz")).status).toBe(404);
  });

  it("allows exactly the export's executable inline scripts in the CSP", async () => {
    const csp = (await get("/")).headers.get("content-security-policy") ?? "";
    const hash = createHash("sha256").update(inline).digest("base64");
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(csp).not.toContain(createHash("sha256").update('{"a":1}').digest("base64"));
    expect(csp).not.toContain("'unsafe-inline' 'self'");
  });
});
