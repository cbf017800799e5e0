/**
 * A project's page address (domain/slug.ts): made from the title once, unique with a suffix, kept when the
 * title changes, editable, and an old address keeps leading to the project.
 */
import type { Project } from "@portfolio/core/domain";
import { resolveSlug } from "@portfolio/core/services";
import type { RoleAccounts } from "@portfolio/testing/server/accounts.ts";
import { serverWithAccounts } from "@portfolio/testing/server/server-with-accounts.ts";
import type { TestServer } from "@portfolio/testing/server/test-server.ts";
import { describe, expect, it } from "vitest";

let server: TestServer;
let accounts: RoleAccounts;
serverWithAccounts((started) => ({ server, accounts } = started));

async function create(body: Record<string, unknown>): Promise<Project> {
  const res = await accounts.as.owner.post<Project>("/api/projects", { description: "d", ...body });
  expect(res.status).toBe(201);
  return res.body;
}

describe("project slugs", () => {
  it("are made from the title, unique with -2, and answered with an empty long description and no pictures", async () => {
    const first = await create({ title: "Crème Brûlée Bot" });
    const second = await create({ title: "creme brulee bot" });
    expect([first.slug, second.slug]).toEqual(["creme-brulee-bot", "creme-brulee-bot-2"]);
    expect(first).toMatchObject({ longDescription: "", pictures: [] });
  });

  it("given at creation, are a wish: suffixed when taken (a desktop created it offline)", async () => {
    await create({ title: "Atlas" });
    expect((await create({ title: "Other", slug: "atlas" })).slug).toBe("atlas-2");
  });

  it("stay when the title changes", async () => {
    const project = await create({ title: "Atlas" });
    const res = await accounts.as.owner.patch<Project>(`/api/projects/${project._id}`, { title: "Atlas Two" });
    expect(res.body.slug).toBe("atlas");
  });

  it("change by an edit, and the old one still leads to the project's current slug", async () => {
    const project = await create({ title: "Atlas" });
    const res = await accounts.as.owner.patch<Project>(`/api/projects/${project._id}`, { slug: "maps" });
    expect(res.body.slug).toBe("maps");
    expect(await resolveSlug(server.core.db, "atlas")).toEqual({ projectId: project._id, slug: "maps" });
  });

  it("are refused when another project has or had it, changing nothing", async () => {
    const atlas = await create({ title: "Atlas" });
    await accounts.as.owner.patch(`/api/projects/${atlas._id}`, { slug: "maps" });
    const other = await create({ title: "Other" });
    for (const slug of ["maps", "atlas"]) {
      const res = await accounts.as.owner.patch(`/api/projects/${other._id}`, { slug, version: other.version });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: "Slug is already used by another project." });
    }
  });

  it("are refused in a form other than lowercase letters, digits and single hyphens", async () => {
    const project = await create({ title: "Atlas" });
    const res = await accounts.as.owner.patch(`/api/projects/${project._id}`, { slug: "Not OK" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "Slug may contain only lowercase letters, digits and single hyphens between them.",
    });
  });
});

describe("a project's long description and pictures in an edit", () => {
  it("keeps the long description as written", async () => {
    const project = await create({ title: "Atlas" });
    const res = await accounts.as.owner.patch<Project>(`/api/projects/${project._id}`, {
      longDescription: "# Atlas\n\nMaps.",
    });
    expect(res.body.longDescription).toBe("# Atlas\n\nMaps.");
  });

  it("refuses a picture that was never uploaded", async () => {
    const project = await create({ title: "Atlas" });
    const picture = { hash: "a".repeat(64), alt: "A map", width: 10, height: 10, cover: true };
    const res = await accounts.as.owner.patch(`/api/projects/${project._id}`, { pictures: [picture] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "A picture in the list was never uploaded: upload it first." });
  });
});
