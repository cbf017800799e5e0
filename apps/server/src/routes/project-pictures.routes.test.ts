/**
 * `POST /api/projects/{id}/pictures` and `GET /media/...` (domain/pictures.ts): pictures judged by their
 * bytes, refused with clear messages, stored once by hash, served immutable.
 */
import { createHash } from "node:crypto";
import type { Project, ProjectPicture } from "@portfolio/core/domain";
import { bombPng, pictureForm, pngPicture, svgPicture } from "@portfolio/testing/data/pictures.ts";
import { type RoleAccounts, roleAccounts } from "@portfolio/testing/server/accounts.ts";
import { startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

let server: TestServer;
let accounts: RoleAccounts;
let project: Project;
beforeEach(async () => {
  server = await startTestServer();
  accounts = await roleAccounts(server);
  project = (await accounts.as.owner.post<Project>("/api/projects", { title: "Atlas", description: "Maps" })).body;
});
afterEach(async () => {
  await server.close();
});

const upload = (file: Uint8Array | undefined, fields: Record<string, string> = { alt: "A red box" }, name?: string) =>
  accounts.as.owner.post<ProjectPicture & { error?: string }>(
    `/api/projects/${project._id}/pictures`,
    pictureForm(file, fields, name),
  );

async function media(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, { headers, redirect: "manual" });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe("POST /api/projects/{id}/pictures", () => {
  it("answers 201 with the picture, appended to the project as a new version (the first is the cover)", async () => {
    const res = await upload(pngPicture(30, 20), { alt: "A red box", caption: "Small" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      alt: "A red box",
      caption: "Small",
      width: 30,
      height: 20,
      cover: true,
    });
    const projects = await accounts.as.owner.get<{ projects: Project[] }>("/api/projects");
    const after = projects.body.projects.find((p) => p._id === project._id);
    expect(after?.pictures).toEqual([res.body]);
    expect(after?.version).toBe(project.version + 1);
  });

  it("stores the same bytes once, whichever project they go to", async () => {
    const first = await upload(pngPicture(30, 20));
    const other = (await accounts.as.owner.post<Project>("/api/projects", { title: "B", description: "d" })).body;
    const second = await accounts.as.owner.post<ProjectPicture>(
      `/api/projects/${other._id}/pictures`,
      pictureForm(pngPicture(30, 20), { alt: "Again" }),
    );
    expect(second.body.hash).toBe(first.body.hash);
    const rows = await server.core.db.selectFrom("media").select("key").where("hash", "=", first.body.hash).execute();
    // The original and one AVIF and one WebP at 480 (the original is narrower).
    expect(rows).toHaveLength(3);
  });

  it("refuses a picture without alt text with 400", async () => {
    const res = await upload(pngPicture(30, 20), {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Alt text is required." });
  });

  it("refuses an SVG renamed .png with 415, judged by its bytes", async () => {
    const res = await upload(svgPicture(), { alt: "Sneaky" }, "innocent.png");
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: "Only PNG, JPEG, WebP, AVIF and GIF pictures are accepted (SVG is not)." });
  });

  it("refuses a 20,000 x 20,000 PNG from its header with 400, never decoding it", async () => {
    const res = await upload(bombPng(20_000, 20_000), { alt: "Bomb" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "A picture may have at most 40 megapixels." });
    expect((await server.core.db.selectFrom("media").select("key").execute()).length).toBe(0);
  });

  it("refuses a file over 15 MB with 413", async () => {
    const big = Buffer.concat([pngPicture(2, 2), Buffer.alloc(15 * 1024 * 1024 + 10)]);
    const res = await upload(big);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: "A picture may be at most 15 MB." });
  });

  it("refuses a 13th picture with 400", async () => {
    for (let i = 0; i < 12; i++) expect((await upload(pngPicture(4, 4, [i, 0, 0]))).status).toBe(201);
    const res = await upload(pngPicture(4, 4, [99, 0, 0]));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "A project can have at most 12 pictures." });
  });

  it("is for those who may edit projects, answered before the body is read", async () => {
    const res = await accounts.as.user.post(
      `/api/projects/${project._id}/pictures`,
      pictureForm(pngPicture(4, 4), { alt: "x" }),
    );
    expect(res.status).toBe(403);
  });
});

describe("pictures in the project's history", () => {
  it("are a field like any other: taken off by an edit, audited, and brought back by restoring a version", async () => {
    const picture = (await upload(pngPicture(30, 20))).body;
    const withPicture = project.version + 1;
    const edited = await accounts.as.owner.patch<Project>(`/api/projects/${project._id}`, { pictures: [] });
    expect(edited.body.pictures).toEqual([]);
    const audit = await accounts.as.owner.get<{ entries: { action: string; details: Record<string, unknown> }[] }>(
      "/api/admin/audit?limit=1",
    );
    expect(audit.body.entries[0]).toMatchObject({
      action: "project.edit",
      details: { before: { pictures: [picture] }, after: { pictures: [] } },
    });
    const restored = await accounts.as.owner.post<Project>(`/api/projects/${project._id}/restore`, {
      version: withPicture,
    });
    expect(restored.status).toBe(200);
    expect(restored.body.pictures).toEqual([picture]);
    expect((await media(`/media/${picture.hash}`)).res.status).toBe(200);
  });
});

describe("GET /media/{hash}", () => {
  it("answers the original with its type, immutable for a year, its ETag the hash of its bytes", async () => {
    const { hash } = (await upload(pngPicture(30, 20))).body;
    const { res, bytes } = await media(`/media/${hash}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("etag")).toBe(`"${hash}"`);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(hash);
    expect((await media(`/media/${hash}`, { "if-none-match": `"${hash}"` })).res.status).toBe(304);
  });

  it("answers a variant, and redirects one wider than the original to the largest that exists", async () => {
    const { hash } = (await upload(pngPicture(1000, 10))).body;
    const avif = await media(`/media/${hash}/960.avif`);
    expect(avif.res.status).toBe(200);
    expect(avif.res.headers.get("content-type")).toBe("image/avif");
    expect(avif.res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const wider = await media(`/media/${hash}/1600.webp`);
    expect(wider.res.status).toBe(301);
    expect(wider.res.headers.get("location")).toBe(`/media/${hash}/960.webp`);
  });

  it("answers 404 for a hash or a variant it does not have", async () => {
    expect((await media(`/media/${"0".repeat(64)}`)).res.status).toBe(404);
    expect((await media(`/media/${"0".repeat(64)}/480.avif`)).res.status).toBe(404);
    expect((await media("/media/not-a-hash")).res.status).toBe(404);
  });
});
