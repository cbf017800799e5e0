import { describe, expect, it } from "vitest";
import { HttpApiClient } from "./http-api-client.ts";

type Call = { url: string; method: string; body: unknown };

function recordingClient(answer: unknown = { items: [], next: null }) {
  const calls: Call[] = [];
  const api = new HttpApiClient({
    sessionHint: false,
    fetch: async (input, init) => {
      calls.push({
        url: String(input),
        method: init?.method ?? "GET",
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      return new Response(JSON.stringify(answer), { status: 200, headers: { "Content-Type": "application/json" } });
    },
  });
  return { api, calls };
}

describe("the history, trash and audit chain calls", () => {
  it("reads a project's history page older than the previous page's next", async () => {
    const { api, calls } = recordingClient();
    await api.getProjectHistory("p1", { before: 7, limit: 20 });
    expect(calls[0]).toMatchObject({ method: "GET", url: "/api/projects/p1/history?before=7&limit=20" });
  });

  it("restores a version on top of the version the editor shows", async () => {
    const { api, calls } = recordingClient({});
    await api.restoreProjectVersion("p1", 3, 5);
    expect(calls[0]).toEqual({ method: "POST", url: "/api/projects/p1/restore", body: { version: 3, baseVersion: 5 } });
  });

  it("lists, restores and purges the trash, and verifies the audit chain", async () => {
    const { api, calls } = recordingClient({});
    await api.getTrash();
    await api.restoreFromTrash("p1");
    await api.purgeFromTrash("p1");
    await api.verifyAuditLog();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "GET /api/admin/trash",
      "POST /api/admin/trash/project/p1/restore",
      "DELETE /api/admin/trash/project/p1",
      "GET /api/admin/audit/verify",
    ]);
  });
});
