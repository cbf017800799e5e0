/**
 * A picture added in the desktop app with no server (pictures/local-pictures.ts): its original bytes kept in
 * the local database, the same checks and messages as the server's, the project's list with the entry, and
 * the editor shown the picture from those bytes.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Project, ProjectPicture } from "@portfolio/core/domain";
import { noisePng, pngPicture, svgPicture } from "@portfolio/testing/data/pictures.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EditorPicture } from "../../shared/desktop-operations.ts";
import { openTestDesktop, type TestDesktop } from "../testing/harness.ts";

let dir: string;
let desktop: TestDesktop;
let project: Project;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "portfolio-desktop-pictures-"));
  desktop = await openTestDesktop({ dir });
  await desktop.value("desktop.workLocally");
  project = await desktop.value<Project>("projects.create", { title: "Atlas", description: "Maps." });
});
afterEach(async () => {
  await desktop.main.close();
  rmSync(dir, { recursive: true, force: true });
});

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const add = (file: Uint8Array, alt = "A map") => desktop.call("projects.pictures.add", { id: project._id, file, alt });
const localList = async () =>
  (await desktop.value<{ projects: Project[] }>("projects.list")).projects.find((p) => p._id === project._id)
    ?.pictures ?? [];

describe("adding a picture in the desktop app", () => {
  it("keeps the original bytes under their SHA-256, in 1 MiB chunks, and lists the picture as the cover", async () => {
    const bytes = noisePng(700, 700);
    const reply = await add(bytes);
    const picture: ProjectPicture = {
      hash: sha256(bytes),
      alt: "A map",
      caption: "",
      width: 700,
      height: 700,
      cover: true,
    };
    expect(reply).toEqual({ ok: true, value: picture });
    expect(await localList()).toEqual([picture]);
    const db = desktop.main.core.local;
    const row = await db
      .selectFrom("media")
      .select(["chunks", "size"])
      .where("key", "=", picture.hash)
      .executeTakeFirst();
    expect(row).toEqual({ chunks: 2, size: bytes.length });
  });

  it("queues the edit in the outbox and marks the picture pending", async () => {
    const bytes = pngPicture(30, 20);
    await add(bytes);
    const ops = await desktop.main.core.local.selectFrom("desktop_outbox").select("fields").execute();
    expect(ops.map((op) => JSON.parse(op.fields).pictures?.map((p: ProjectPicture) => p.hash))).toContainEqual([
      sha256(bytes),
    ]);
    const state = await desktop.value<{ pendingEntityIds: string[] }>("desktop.state");
    expect(state.pendingEntityIds).toContain(project._id);
    const shown = await desktop.value<EditorPicture>("desktop.picture", { hash: sha256(bytes) });
    expect(shown.pending).toBe(true);
  });

  it("shows the picture in the editor from the bytes on this computer, as a data: URL", async () => {
    const bytes = pngPicture(30, 20);
    await add(bytes);
    const shown = await desktop.value<EditorPicture>("desktop.picture", { hash: sha256(bytes) });
    expect(shown.src).toBe(`data:image/png;base64,${bytes.toString("base64")}`);
  });

  it("says a picture whose bytes are not on this computer has no source (working locally, no server to ask)", async () => {
    const shown = await desktop.value<EditorPicture>("desktop.picture", { hash: "a".repeat(64) });
    expect(shown).toEqual({ src: null, pending: false, refused: null });
  });

  it("refuses an SVG renamed .png with 415 and the server's message, keeping nothing", async () => {
    expect(await add(svgPicture())).toEqual({
      ok: false,
      status: 415,
      error: "Only PNG, JPEG, WebP, AVIF and GIF pictures are accepted (SVG is not).",
    });
    expect(await desktop.main.core.local.selectFrom("media").select("key").execute()).toEqual([]);
    expect(await localList()).toEqual([]);
  });

  it("refuses a file over 15 MB with 413 and the server's message", async () => {
    const big = Buffer.concat([pngPicture(2, 2), Buffer.alloc(15 * 1024 * 1024 + 10)]);
    expect(await add(big)).toEqual({ ok: false, status: 413, error: "A picture may be at most 15 MB." });
  });

  it("adds a picture beside one the project lists from the server, whose bytes are not on this computer", async () => {
    const fromServer: ProjectPicture = {
      hash: "b".repeat(64),
      alt: "Old",
      caption: "",
      width: 10,
      height: 10,
      cover: true,
    };
    // As a pull writes it: the server's list, straight into the row.
    await desktop.main.core.local
      .updateTable("projects")
      .set({ pictures: JSON.stringify([fromServer]) })
      .where("id", "=", project._id)
      .execute();
    const bytes = pngPicture(30, 20);
    expect((await add(bytes)).ok).toBe(true);
    expect((await localList()).map((p) => p.hash)).toEqual([fromServer.hash, sha256(bytes)]);
  });
});
