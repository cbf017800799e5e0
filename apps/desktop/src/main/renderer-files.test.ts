import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentTypeOf, rendererFilePath, rendererFilesHandler } from "./renderer-files.ts";

const rendererUrl = "app://portfolio/index.html";
const csp = "default-src 'none'; script-src 'self'";

let root: string;
let rendererDir: string;
let serve: (request: Request) => Promise<Response>;

beforeAll(() => {
  // A built renderer folder, with a secret beside it that no URL may reach.
  root = mkdtempSync(join(tmpdir(), "portfolio-renderer-files-"));
  rendererDir = join(root, "renderer");
  mkdirSync(join(rendererDir, "assets"), { recursive: true });
  writeFileSync(join(rendererDir, "index.html"), "<!doctype html><title>Portfolio</title>");
  writeFileSync(join(rendererDir, "assets", "index-abc123.js"), "console.log('app');");
  writeFileSync(join(rendererDir, "assets", "index-abc123.css"), "body{}");
  writeFileSync(join(root, "secret.txt"), "not for the renderer");
  serve = rendererFilesHandler({ rendererDir, rendererUrl, csp });
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string) => serve(new Request(url));

describe("the app:// file handler", () => {
  it("serves index.html for the page itself, as HTML", async () => {
    const response = await get("app://portfolio/index.html#/admin/projects");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toBe("<!doctype html><title>Portfolio</title>");
  });

  it("serves index.html for the origin's root", async () => {
    const response = await get("app://portfolio/");
    expect(await response.text()).toBe("<!doctype html><title>Portfolio</title>");
  });

  it("serves a script with a JavaScript type, so Chromium runs it as a module", async () => {
    const response = await get("app://portfolio/assets/index-abc123.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    expect(await response.text()).toBe("console.log('app');");
  });

  it("sends the renderer's CSP and nosniff with every file", async () => {
    const response = await get("app://portfolio/assets/index-abc123.css");
    expect(response.headers.get("Content-Security-Policy")).toBe(csp);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("answers 404 for a file the build did not write", async () => {
    const response = await get("app://portfolio/assets/missing.js");
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Not found");
  });

  it("answers 404 for a folder", async () => {
    expect((await get("app://portfolio/assets")).status).toBe(404);
    expect((await get("app://portfolio/assets/")).status).toBe(404);
  });

  it("refuses to climb out of the renderer folder with an encoded ../", async () => {
    const response = await get("app://portfolio/assets/..%2F..%2Fsecret.txt");
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Not found");
  });

  it("refuses encoded dots, backslashes and NUL bytes", async () => {
    for (const path of ["%2e%2e%2fsecret.txt", "..%5Csecret.txt", "%2E%2E/secret.txt", "index.html%00.js"]) {
      expect((await get(`app://portfolio/${path}`)).status, path).toBe(404);
    }
  });

  it("answers 404 for another host of the app:// scheme", async () => {
    expect((await get("app://elsewhere/index.html")).status).toBe(404);
  });

  it("answers a HEAD request with the headers and no body", async () => {
    const response = await serve(new Request("app://portfolio/index.html", { method: "HEAD" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toBe("");
  });

  it("refuses a POST with 405", async () => {
    const response = await serve(new Request("app://portfolio/index.html", { method: "POST", body: "x" }));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD");
  });
});

describe("mapping a URL path to a renderer file", () => {
  it("maps a path to the file under the renderer folder", () => {
    expect(rendererFilePath("/assets/index-abc123.js", "/opt/app/renderer")).toBe(
      join("/opt/app/renderer", "assets", "index-abc123.js"),
    );
  });

  it("maps the root to index.html", () => {
    expect(rendererFilePath("/", "/opt/app/renderer")).toBe(join("/opt/app/renderer", "index.html"));
  });

  it("refuses a dot segment, plain or encoded", () => {
    expect(rendererFilePath("/../secret.txt", "/opt/app/renderer")).toBeNull();
    expect(rendererFilePath("/assets/%2e%2e/%2e%2e/secret.txt", "/opt/app/renderer")).toBeNull();
    expect(rendererFilePath("/./index.html", "/opt/app/renderer")).toBeNull();
  });

  it("refuses an encoded slash or backslash inside a segment", () => {
    expect(rendererFilePath("/assets%2F..%2F..%2Fsecret.txt", "/opt/app/renderer")).toBeNull();
    expect(rendererFilePath("/..%5C..%5Csecret.txt", "/opt/app/renderer")).toBeNull();
  });

  it("refuses a Windows drive letter or an absolute path in a segment", () => {
    expect(rendererFilePath("/C:%5CWindows%5Cwin.ini", "C:\\app\\renderer")).toBeNull();
    expect(rendererFilePath("//etc/passwd", "/opt/app/renderer")).toBeNull();
  });

  it("refuses a NUL byte and a malformed escape", () => {
    expect(rendererFilePath("/index.html%00", "/opt/app/renderer")).toBeNull();
    expect(rendererFilePath("/index%E0%A4%A.html", "/opt/app/renderer")).toBeNull();
  });
});

describe("content types", () => {
  it("names the types a vite build writes", () => {
    expect(contentTypeOf("index.html")).toBe("text/html; charset=utf-8");
    expect(contentTypeOf("a.css")).toBe("text/css; charset=utf-8");
    expect(contentTypeOf("a.svg")).toBe("image/svg+xml");
    expect(contentTypeOf("a.woff2")).toBe("font/woff2");
  });

  it("serves anything else as plain bytes", () => {
    expect(contentTypeOf("a.exe")).toBe("application/octet-stream");
  });
});
