import http from "node:http";
import type { Project } from "@portfolio/core/domain";
import type { RoleAccounts } from "@portfolio/testing/server/accounts.ts";
import { serverWithAccounts } from "@portfolio/testing/server/server-with-accounts.ts";
import type { TestServer } from "@portfolio/testing/server/test-server.ts";
import { describe, expect, it, vi } from "vitest";
import { SQLITE_RECHECK_MS } from "../http/public-reads/public-cache.ts";

let server: TestServer;
let accounts: RoleAccounts;
serverWithAccounts((started) => ({ server, accounts } = started));

const sample = {
  title: "New Tool",
  description: "Does a thing.",
  github: "https://github.com/me/tool",
  externalLink: "/demo",
  tags: ["TypeScript", "TypeScript", "CLI"],
};

async function projects(): Promise<Project[]> {
  return (await server.client().get<{ projects: Project[] }>("/api/projects")).body.projects;
}

describe("GET /api/projects", () => {
  it("lists the 14 built-in projects to anyone, one latest and two archived", async () => {
    const list = await projects();
    expect(list).toHaveLength(14);
    expect(list.filter((p) => p.isLatest).map((p) => p.externalLink)).toEqual(["/twitchcotdwidget"]);
    expect(list.filter((p) => p.isArchived)).toHaveLength(2);
    expect(list[0]).toMatchObject({
      _id: expect.any(String),
      title: expect.any(String),
      tags: expect.any(Array),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it("answers 304 to a matching If-None-Match and a new ETag after a change", async () => {
    const first = await server.client().get("/api/projects");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    expect((await server.client().get("/api/projects", { "if-none-match": etag })).status).toBe(304);
    await accounts.as.admin.post("/api/projects", sample);
    const after = await server.client().get("/api/projects", { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect((after.body.projects as Project[]).map((p) => p.title)).toContain("New Tool");
  });

  it("answers the plain call (the fast path) with the same headers and body as the full path", async () => {
    // Raw requests: the test client sends an Origin, which takes the full path (CORS may apply).
    const get = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
        http
          .get(`${server.url}${path}`, { headers }, (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => {
              body += chunk;
            });
            res.on("end", () => {
              // Each answer has its own request id (checked below); the rest must be equal.
              const {
                date: _date,
                connection: _connection,
                "keep-alive": _keepAlive,
                "x-request-id": _requestId,
                ...rest
              } = res.headers;
              if (typeof _requestId !== "string") reject(new Error("no X-Request-Id"));
              resolve({ status: res.statusCode ?? 0, headers: rest, body });
            });
          })
          .on("error", reject);
      });
    const plain = await get("/api/projects");
    const full = await get("/api/projects", { origin: new URL(server.config.publicUrl).origin });
    expect(plain.status).toBe(200);
    expect(plain.headers).toEqual(full.headers);
    expect(plain.headers).toMatchObject({
      "content-security-policy": expect.any(String),
      "x-frame-options": "DENY",
    });
    expect(plain.body).toBe(full.body);
    const notModified = await get("/api/projects", { "if-none-match": String(plain.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBe("");
  });

  it("notices a change made by another server instance through the revision counter", async () => {
    await projects();
    await server.core.db.deleteFrom("projects").execute();
    await server.core.db.updateTable("settings").set({ value: "999" }).where("key", "=", "projects_revision").execute();
    // On SQLite (one instance) the counter is re-read once its time-to-live is over: move the clock past it.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + SQLITE_RECHECK_MS });
    try {
      expect(await projects()).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("POST /api/projects", () => {
  it("creates a project for a holder of projects:create and answers 201 with it", async () => {
    const res = await accounts.as.admin.post<Project>("/api/projects", sample);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: "New Tool",
      github: "https://github.com/me/tool",
      externalLink: "/demo",
      tags: ["TypeScript", "CLI"],
      isArchived: false,
      isLatest: false,
    });
    expect(await projects()).toHaveLength(15);
  });

  it("leaves out an empty github or externalLink", async () => {
    const res = await accounts.as.owner.post<Project>("/api/projects", { ...sample, github: "", externalLink: "" });
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty("github");
    expect(res.body).not.toHaveProperty("externalLink");
  });

  it.each([
    ["moderator", 403, "You do not have permission to create projects."],
    ["user", 403, "You do not have permission to create projects."],
    ["custom", 403, "You do not have permission to create projects."],
    ["anonymous", 401, "You must be logged in."],
  ] as const)("refuses %s with %i", async (who, status, error) => {
    const res = await accounts.as[who].post("/api/projects", sample);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error });
    expect(await projects()).toHaveLength(14);
  });

  it.each([
    [{ ...sample, title: "" }, "Title is required."],
    [{ ...sample, description: "  " }, "Description is required."],
    [{ ...sample, github: "javascript:alert(1)" }, "Code link (github) must be an http(s) URL."],
    [
      { ...sample, externalLink: "//evil.example" },
      "Demo link (externalLink) must be an http(s) URL or a path starting with /.",
    ],
    [{ ...sample, tags: "one" }, "Tags must be a list of text."],
    [{ ...sample, isLatest: "yes" }, "isLatest must be true or false."],
  ])("refuses bad input with a message naming the field (%#)", async (body, error) => {
    const res = await accounts.as.admin.post("/api/projects", body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
    expect(await projects()).toHaveLength(14);
  });
});

describe("PATCH /api/projects/{id}", () => {
  it("updates the given fields, keeps the others and toggles both flags", async () => {
    const target = (await projects())[0] as Project;
    const res = await accounts.as.admin.patch<Project>(`/api/projects/${target._id}`, {
      title: "Renamed",
      isArchived: true,
      isLatest: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: target._id,
      title: "Renamed",
      description: target.description,
      isArchived: true,
      isLatest: true,
    });
    expect((await projects()).find((p) => p._id === target._id)?.title).toBe("Renamed");
  });

  it("clears github when sent empty", async () => {
    const target = (await projects())[0] as Project;
    const res = await accounts.as.admin.patch<Project>(`/api/projects/${target._id}`, { github: "" });
    expect(res.body).not.toHaveProperty("github");
  });

  it("refuses a moderator and an unknown id", async () => {
    const target = (await projects())[0] as Project;
    const denied = await accounts.as.moderator.patch(`/api/projects/${target._id}`, { title: "X" });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ error: "You do not have permission to edit projects." });
    const missing = await accounts.as.admin.patch("/api/projects/00000000-0000-4000-8000-000000000000", { title: "X" });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "Project not found." });
  });
});

describe("DELETE /api/projects/{id}", () => {
  it("deletes for a holder of projects:delete and answers 204", async () => {
    const target = (await projects())[0] as Project;
    expect((await accounts.as.admin.delete(`/api/projects/${target._id}`)).status).toBe(204);
    expect((await projects()).map((p) => p._id)).not.toContain(target._id);
  });

  it("refuses a moderator", async () => {
    const target = (await projects())[0] as Project;
    const res = await accounts.as.moderator.delete(`/api/projects/${target._id}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You do not have permission to delete projects." });
    expect(await projects()).toHaveLength(14);
  });
});
