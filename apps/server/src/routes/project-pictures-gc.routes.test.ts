/**
 * A picture's bytes stay while anything can still show or restore them (docs/design.md §4): a project, a
 * kept version of one, a trashed project. The trash's purge and housekeeping remove what nothing names.
 */
import type { Project, ProjectPicture } from "@portfolio/core/domain";
import { runHousekeeping } from "@portfolio/core/services";
import { pictureForm, pngPicture } from "@portfolio/testing/data/pictures.ts";
import type { RoleAccounts } from "@portfolio/testing/server/accounts.ts";
import { serverWithAccounts } from "@portfolio/testing/server/server-with-accounts.ts";
import type { TestServer } from "@portfolio/testing/server/test-server.ts";
import { describe, expect, it } from "vitest";

let server: TestServer;
let accounts: RoleAccounts;
serverWithAccounts((started) => ({ server, accounts } = started));

async function projectWithPicture(title: string, rgb: [number, number, number] = [1, 2, 3]) {
  const project = (await accounts.as.owner.post<Project>("/api/projects", { title, description: "d" })).body;
  const picture = (
    await accounts.as.owner.post<ProjectPicture>(
      `/api/projects/${project._id}/pictures`,
      pictureForm(pngPicture(20, 20, rgb), { alt: "A square" }),
    )
  ).body;
  return { project, picture };
}

const stored = async (hash: string) =>
  (await server.core.db.selectFrom("media").select("key").where("hash", "=", hash).execute()).length;

describe("stored pictures", () => {
  it("stay after being taken off a project while a kept version names them, through housekeeping", async () => {
    const { project, picture } = await projectWithPicture("Atlas");
    const edited = await accounts.as.owner.patch<Project>(`/api/projects/${project._id}`, { pictures: [] });
    expect(edited.body.pictures).toEqual([]);
    await runHousekeeping(server.core);
    expect(await stored(picture.hash)).toBe(3);
    expect((await fetch(`${server.url}/media/${picture.hash}`)).status).toBe(200);
  });

  it("go with the trash's purge of the one project that named them", async () => {
    const { project, picture } = await projectWithPicture("Atlas");
    await accounts.as.owner.delete(`/api/projects/${project._id}`);
    expect(await stored(picture.hash)).toBe(3);
    expect((await accounts.as.owner.delete(`/api/admin/trash/project/${project._id}`)).status).toBe(204);
    expect(await stored(picture.hash)).toBe(0);
    expect((await fetch(`${server.url}/media/${picture.hash}`)).status).toBe(404);
  });

  it("stay through a purge while another project names them", async () => {
    const { project, picture } = await projectWithPicture("Atlas");
    await projectWithPicture("Other");
    await accounts.as.owner.delete(`/api/projects/${project._id}`);
    await accounts.as.owner.delete(`/api/admin/trash/project/${project._id}`);
    expect(await stored(picture.hash)).toBe(3);
  });

  it("go with housekeeping once nothing names them", async () => {
    const { picture } = await projectWithPicture("Atlas");
    // Named by nothing: as after a purge whose removal did not run (an older server, a crash).
    await server.core.db.updateTable("projects").set({ pictures: "[]" }).execute();
    await server.core.db.deleteFrom("project_versions").execute();
    expect(await runHousekeeping(server.core)).toMatchObject({ picturesRemoved: 1 });
    expect(await stored(picture.hash)).toBe(0);
  });
});
