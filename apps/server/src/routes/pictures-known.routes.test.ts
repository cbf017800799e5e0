/**
 * `POST /api/pictures/known`: which pictures the server stores, asked by the hash of the bytes as uploaded
 * (before their metadata was stripped), so the desktop app never sends a picture the server has.
 */
import { createHash } from "node:crypto";
import type { KnownPicture, Project, ProjectPicture } from "@portfolio/core/domain";
import { pictureForm, pngPicture } from "@portfolio/testing/data/pictures.ts";
import { type RoleAccounts, roleAccounts } from "@portfolio/testing/server/accounts.ts";
import { startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

let server: TestServer;
let accounts: RoleAccounts;
beforeEach(async () => {
  server = await startTestServer();
  accounts = await roleAccounts(server);
});
afterEach(async () => {
  await server.close();
});

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("POST /api/pictures/known", () => {
  it("answers the stored picture of bytes uploaded before, and leaves out a hash it does not know", async () => {
    const project = (await accounts.as.owner.post<Project>("/api/projects", { title: "Atlas", description: "M" })).body;
    const bytes = pngPicture(30, 20);
    const uploaded = await accounts.as.owner.post<ProjectPicture>(
      `/api/projects/${project._id}/pictures`,
      pictureForm(bytes, { alt: "A red box" }),
    );
    const unknown = "0".repeat(64);
    const res = await accounts.as.owner.post<{ pictures: KnownPicture[] }>("/api/pictures/known", {
      hashes: [sha256(bytes), unknown],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      pictures: [{ source: sha256(bytes), hash: uploaded.body.hash, width: 30, height: 20 }],
    });
  });

  it("refuses a hash that is not 64 lowercase hexadecimal characters with 400", async () => {
    const res = await accounts.as.owner.post<{ error: string }>("/api/pictures/known", { hashes: ["ABC"] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "A picture's hash must be 64 lowercase hexadecimal characters." });
  });

  it("is for those who may edit projects", async () => {
    const res = await accounts.as.user.post("/api/pictures/known", { hashes: ["0".repeat(64)] });
    expect(res.status).toBe(403);
  });
});
