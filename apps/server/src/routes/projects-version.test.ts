/**
 * Optimistic concurrency on projects: every project answer carries its `version`; an
 * edit carrying a stale `version` is a 409 with the current project; an edit without `version` keeps the
 * old behaviour (last write wins).
 */
import type { Project } from "@portfolio/core/domain";
import type { RoleAccounts } from "@portfolio/testing/server/accounts.ts";
import { serverWithAccounts } from "@portfolio/testing/server/server-with-accounts.ts";
import type { TestServer } from "@portfolio/testing/server/test-server.ts";
import { describe, expect, it } from "vitest";

let server: TestServer;
let accounts: RoleAccounts;
serverWithAccounts((started) => ({ server, accounts } = started));

async function create(): Promise<Project> {
  const res = await accounts.as.admin.post<Project>("/api/projects", { title: "Versioned", description: "D" });
  expect(res.status).toBe(201);
  return res.body;
}

describe("project versions", () => {
  it("every project answer carries its version, and each edit moves it up by one", async () => {
    const created = await create();
    expect(created.version).toBe(1);
    const list = (await server.client().get<{ projects: Project[] }>("/api/projects")).body.projects;
    expect(list.every((p) => Number.isInteger(p.version) && p.version >= 1)).toBe(true);
    const edited = await accounts.as.admin.patch<Project>(`/api/projects/${created._id}`, { title: "V2", version: 1 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: "V2", version: 2 });
  });

  it("answers 409 with the current project to an edit carrying a stale version, and changes nothing", async () => {
    const created = await create();
    await accounts.as.admin.patch(`/api/projects/${created._id}`, { title: "Theirs", version: 1 });
    const stale = await accounts.as.admin.patch(`/api/projects/${created._id}`, { title: "Mine", version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      error: "This project was changed elsewhere.",
      current: expect.objectContaining({ _id: created._id, title: "Theirs", version: 2 }),
    });
    const list = (await server.client().get<{ projects: Project[] }>("/api/projects")).body.projects;
    expect(list.find((p) => p._id === created._id)).toMatchObject({ title: "Theirs", version: 2 });
  });

  it("of eight concurrent edits with the same version, exactly one succeeds and seven answer 409", async () => {
    const created = await create();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        accounts.as.admin.patch<Project>(`/api/projects/${created._id}`, { title: `Edit ${i}`, version: 1 }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = answers.find((a) => a.status === 200)?.body;
    const list = (await server.client().get<{ projects: Project[] }>("/api/projects")).body.projects;
    expect(list.find((p) => p._id === created._id)).toMatchObject({ title: winner?.title, version: 2 });
  });

  it("an edit without a version keeps today's behaviour: the last write wins", async () => {
    const created = await create();
    await accounts.as.admin.patch(`/api/projects/${created._id}`, { title: "First" });
    const second = await accounts.as.admin.patch<Project>(`/api/projects/${created._id}`, { title: "Second" });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ title: "Second", version: 3 });
  });

  it("refuses a version that is not a positive whole number, naming the field", async () => {
    const created = await create();
    for (const version of [0, -1, 1.5, "1", null]) {
      const res = await accounts.as.admin.patch(`/api/projects/${created._id}`, { title: "X", version });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: "version must be a positive whole number." });
    }
  });
});
