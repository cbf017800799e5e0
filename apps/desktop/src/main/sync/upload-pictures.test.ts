/**
 * Pictures added offline reach the server at the next sync (sync/upload-pictures.ts), with the real server on
 * 127.0.0.1: each uploaded before the edit that names it is pushed, never one the server already has, and
 * one the server refuses holds back only its own project's edits.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Project, ProjectPicture } from "@portfolio/core/domain";
import { damagedPng, pictureForm, pngPicture } from "@portfolio/testing/data/pictures.ts";
import { OWNER, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DesktopState, EditorPicture } from "../../shared/desktop-operations.ts";
import { openTestDesktop, type TestDesktop } from "../testing/harness.ts";

let dir: string;
let server: TestServer;
let desktop: TestDesktop;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "portfolio-desktop-uploads-"));
  server = await startTestServer();
  desktop = await openTestDesktop({ dir });
  await desktop.value("desktop.connect", { serverUrl: server.url, username: OWNER.username, password: OWNER.password });
});
afterEach(async () => {
  await desktop.main.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function onServer(id: string): Promise<Project | undefined> {
  const web = await server.login(OWNER.username, OWNER.password);
  return (await web.get<{ projects: Project[] }>("/api/projects")).body.projects.find((p) => p._id === id);
}

async function localProject(id: string): Promise<Project | undefined> {
  return (await desktop.value<{ projects: Project[] }>("projects.list")).projects.find((p) => p._id === id);
}

async function offlineAdd(id: string, file: Uint8Array, alt: string): Promise<ProjectPicture> {
  desktop.network.offline = true;
  return desktop.value<ProjectPicture>("projects.pictures.add", { id, file, alt });
}

async function syncOnline(): Promise<DesktopState> {
  desktop.network.offline = false;
  desktop.network.requests.length = 0;
  return desktop.value<DesktopState>("desktop.syncNow");
}

const paths = () => desktop.network.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`);

describe("syncing pictures added offline", () => {
  it("uploads the picture before pushing the edit, and the server's picture takes the pending one's place", async () => {
    const [project] = (await desktop.value<{ projects: Project[] }>("projects.list")).projects as [Project];
    const bytes = pngPicture(30, 20);
    await offlineAdd(project._id, bytes, "A red box");
    const state = await syncOnline();
    expect(state).toMatchObject({ pending: 0, attention: 0, lastError: null });
    const served = (await onServer(project._id))?.pictures ?? [];
    expect(served.map((p) => [p.alt, p.width, p.height])).toEqual([["A red box", 30, 20]]);
    expect((await localProject(project._id))?.pictures).toEqual(served);
    const upload = `POST /api/projects/${project._id}/pictures`;
    expect(paths().filter((p) => p.startsWith("POST"))).toEqual([
      "POST /api/pictures/known",
      upload,
      "POST /api/sync/push",
    ]);
    const media = await fetch(`${server.url}/media/${served[0]?.hash}`);
    expect(media.status).toBe(200);
  });

  it("does not send a picture the server already has, and lists the server's", async () => {
    const [first, second] = (await desktop.value<{ projects: Project[] }>("projects.list")).projects as [
      Project,
      Project,
    ];
    const bytes = pngPicture(30, 20);
    const web = await server.login(OWNER.username, OWNER.password);
    const stored = (
      await web.post<ProjectPicture>(`/api/projects/${first._id}/pictures`, pictureForm(bytes, { alt: "Web" }))
    ).body;
    await offlineAdd(second._id, bytes, "Desk");
    await syncOnline();
    expect(paths()).not.toContain(`POST /api/projects/${second._id}/pictures`);
    expect((await onServer(second._id))?.pictures.map((p) => [p.hash, p.alt])).toEqual([[stored.hash, "Desk"]]);
  });

  it("holds back the edit of a picture the server refuses, and sends the others and every other edit", async () => {
    const [good, bad, renamed] = (await desktop.value<{ projects: Project[] }>("projects.list")).projects as [
      Project,
      Project,
      Project,
    ];
    await offlineAdd(good._id, pngPicture(30, 20), "Fine");
    const damaged = await offlineAdd(bad._id, damagedPng(), "Broken");
    await desktop.value("projects.update", { id: renamed._id, title: "Renamed offline" });
    const state = await syncOnline();
    expect(state).toMatchObject({ pending: 1, attention: 0 });
    expect((await onServer(good._id))?.pictures.map((p) => p.alt)).toEqual(["Fine"]);
    expect((await onServer(renamed._id))?.title).toBe("Renamed offline");
    expect((await onServer(bad._id))?.pictures).toEqual([]);
    // Still here, pending, with the server's reason.
    expect((await localProject(bad._id))?.pictures).toEqual([damaged]);
    const waiting = await desktop.main.core.local.selectFrom("desktop_picture_uploads").selectAll().execute();
    expect(waiting.map((w) => [w.hash, w.last_error])).toEqual([
      [sha256(damagedPng()), "This picture could not be read: the file is damaged or not a picture."],
    ]);
  });

  it("does not send again a picture the server refused for good, and tells the editor why", async () => {
    const [project] = (await desktop.value<{ projects: Project[] }>("projects.list")).projects as [Project];
    const damaged = await offlineAdd(project._id, damagedPng(), "Broken");
    await syncOnline();
    const state = await syncOnline();
    expect(state).toMatchObject({ pending: 1, attention: 0 });
    expect(paths()).not.toContain(`POST /api/projects/${project._id}/pictures`);
    const shown = await desktop.value<EditorPicture>("desktop.picture", { hash: damaged.hash });
    expect(shown).toMatchObject({
      pending: true,
      refused: "This picture could not be read: the file is damaged or not a picture.",
    });
  });

  it("still shows a picture added offline once it is uploaded, from its bytes, when offline again", async () => {
    const [project] = (await desktop.value<{ projects: Project[] }>("projects.list")).projects as [Project];
    const bytes = pngPicture(30, 20);
    await offlineAdd(project._id, bytes, "A red box");
    await syncOnline();
    const [served] = (await localProject(project._id))?.pictures ?? [];
    desktop.network.offline = true;
    const shown = await desktop.value<EditorPicture>("desktop.picture", { hash: served?.hash });
    expect(shown).toEqual({
      src: `data:image/png;base64,${Buffer.from(bytes).toString("base64")}`,
      pending: false,
      refused: null,
    });
  });

  it("keeps the server's picture the editor showed online, shows it offline, and forgets it once unlisted", async () => {
    const [project] = (await desktop.value<{ projects: Project[] }>("projects.list")).projects as [Project];
    const web = await server.login(OWNER.username, OWNER.password);
    const stored = (
      await web.post<ProjectPicture>(
        `/api/projects/${project._id}/pictures`,
        pictureForm(pngPicture(30, 20), { alt: "Web" }),
      )
    ).body;
    await syncOnline();
    const online = await desktop.value<EditorPicture>("desktop.picture", { hash: stored.hash });
    expect(online.src).toMatch(/^data:image\/webp;base64,/);
    desktop.network.offline = true;
    expect(await desktop.value<EditorPicture>("desktop.picture", { hash: stored.hash })).toEqual(online);
    const current = (await onServer(project._id)) as Project;
    await web.patch(`/api/projects/${project._id}`, { version: current.version, pictures: [] });
    await syncOnline();
    const kept = await desktop.main.core.local.selectFrom("desktop_picture_views").select("hash").execute();
    expect(kept).toEqual([]);
  });

  it("uploads the picture of a project created offline once the push has created it", async () => {
    desktop.network.offline = true;
    const project = await desktop.value<Project>("projects.create", { title: "New offline", description: "D." });
    await offlineAdd(project._id, pngPicture(30, 20), "First");
    const state = await syncOnline();
    expect(state).toMatchObject({ pending: 0, attention: 0 });
    expect((await onServer(project._id))?.pictures.map((p) => p.alt)).toEqual(["First"]);
  });
});
