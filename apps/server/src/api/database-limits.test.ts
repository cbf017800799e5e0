/**
 * docs/security.md, promise 28 / Ids and numbers PostgreSQL cannot hold (a NUL in a path segment, a number past
 * its integer columns) are a 400 that names the field on either database, never a 500 on one and junk stored
 * on the other.
 */
import type { Project } from "@portfolio/core/domain";
import { type RoleAccounts, roleAccounts } from "@portfolio/testing/server/accounts.ts";
import { startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let server: TestServer;
let accounts: RoleAccounts;

beforeAll(async () => {
  server = await startTestServer();
  accounts = await roleAccounts(server);
});
afterAll(() => server.close());

const NUL_IN_PATH: [string, string][] = [
  ["DELETE", "/api/projects/%00"],
  ["PATCH", "/api/projects/%00"],
  ["DELETE", "/api/admin/users/%00"],
  ["PATCH", "/api/admin/users/%00"],
  ["POST", "/api/admin/users/%00/reset-password"],
  ["DELETE", "/api/sessions/%00"],
  ["DELETE", "/api/sync/tokens/%00"],
];

describe("an id in the path", () => {
  it.each(NUL_IN_PATH)("%s %s with a NUL is a 400 naming the field", async (method, path) => {
    const res = await accounts.as.owner.request(method, path, method === "DELETE" ? undefined : {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "The path field id must not contain control characters." });
  });

  it("that is not a UUID is a 400, before any query", async () => {
    const res = await accounts.as.owner.delete("/api/projects/not-a-uuid");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "id must be a UUID." });
  });

  it("that is a UUID nobody has is still a 404", async () => {
    const res = await accounts.as.owner.delete("/api/projects/00000000-0000-4000-8000-000000000000");
    expect(res.status).toBe(404);
  });

  it("with a right-to-left override is refused like any other text that is no UUID", async () => {
    const res = await accounts.as.owner.delete("/api/projects/%E2%80%AEabc");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "id must be a UUID." });
  });
});

describe("a number past PostgreSQL's integer", () => {
  it("in the audit log's before is a 400 for a moderator", async () => {
    const res = await accounts.as.moderator.get("/api/admin/audit?before=2147483648");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "before must be at most 2147483647." });
  });

  it("in the audit log's before at the limit is an ordinary page", async () => {
    const res = await accounts.as.moderator.get("/api/admin/audit?before=2147483647");
    expect(res.status).toBe(200);
  });

  it("as a project edit's version is a 400 and changes nothing", async () => {
    const [project] = (await accounts.as.owner.get<{ projects: Project[] }>("/api/projects")).body.projects;
    if (!project) throw new Error("the seeded projects are missing");
    const res = await accounts.as.owner.patch(`/api/projects/${project._id}`, { title: "X", version: 3_000_000_000 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "version must be at most 2147483647." });
    const after = (await accounts.as.owner.get<{ projects: Project[] }>("/api/projects")).body.projects;
    expect(after.find((p) => p._id === project._id)?.title).toBe(project.title);
  });
});

describe("a query value", () => {
  it("with a NUL is a 400 naming the field", async () => {
    const res = await accounts.as.moderator.get("/api/admin/audit?actor=%00");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "The query field actor must not contain control characters." });
  });
});
