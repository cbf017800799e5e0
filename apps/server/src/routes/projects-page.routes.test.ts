/**
 * GET /api/projects in pages over HTTP: the site's sorts read one page at a time from the
 * database, a bad parameter is a 400 naming it, and a write shows on the very next page (no cache).
 */
import type { Project } from "@portfolio/core/domain";
import { SHARED_CACHE_CONTROL, sortProjects } from "@portfolio/core/domain";
import type { RoleAccounts } from "@portfolio/testing/server/accounts.ts";
import { serverWithAccounts } from "@portfolio/testing/server/server-with-accounts.ts";
import type { TestServer } from "@portfolio/testing/server/test-server.ts";
import { describe, expect, it } from "vitest";

let server: TestServer;
let accounts: RoleAccounts;
serverWithAccounts((started) => ({ server, accounts } = started));

interface Page {
  projects: Project[];
  next: string | null;
  total: number;
  latestId: string | null;
  lastSeen: { _id: string; title: string } | null;
}

const get = (query: string) => server.client().get<Page>(`/api/projects?${query}`);
const everyProject = async () => (await server.client().get<{ projects: Project[] }>("/api/projects")).body.projects;

async function walk(query: string): Promise<string[]> {
  const titles: string[] = [];
  let cursor = "";
  for (let page = 0; page < 10; page++) {
    const answer = await get(`${query}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(answer.status).toBe(200);
    titles.push(...answer.body.projects.map((p) => p.title));
    if (answer.body.next === null) return titles;
    cursor = answer.body.next;
  }
  throw new Error("the pages never ended");
}

describe("GET /api/projects with paging parameters", () => {
  it("walks each of the site's sorts over the whole list, five at a time", async () => {
    const all = await everyProject();
    expect(await walk("limit=5&sort=az")).toEqual(sortProjects(all, "az").map((p) => p.title));
    expect(await walk("limit=5&sort=status")).toEqual(sortProjects(all, "status").map((p) => p.title));
    const random = await walk("limit=5&sort=random&seed=77");
    expect([...random].sort()).toEqual(all.map((p) => p.title).sort());
    expect(await walk("limit=3&sort=random&seed=77")).toEqual(random);
  });

  it("answers the first page with the total, the latest project and the 'Last seen working on' project", async () => {
    const all = await everyProject();
    const latest = all.find((p) => p.isLatest);
    const answer = await get("limit=2&sort=random&seed=1");
    expect(answer.body.projects).toHaveLength(2);
    expect(answer.body.total).toBe(14);
    expect(answer.body.latestId).toBe(latest?._id);
    expect(answer.body.lastSeen).toEqual({ _id: latest?._id, title: latest?.title });
    expect(answer.headers.get("cache-control")).toBe(SHARED_CACHE_CONTROL);
  });

  it("shows a new project on the next page read at once", async () => {
    await get("limit=100&sort=az");
    await accounts.as.admin.post("/api/projects", { title: "Aardvark", description: "First by title.", tags: [] });
    const answer = await get("limit=100&sort=az");
    expect(answer.body.projects[0]?.title).toBe("Aardvark");
    expect(answer.body.total).toBe(15);
  });

  it("answers 400 naming a bad parameter", async () => {
    expect(await get("limit=0")).toMatchObject({ status: 400, body: { error: "limit must be 1 to 100." } });
    expect(await get("sort=newest")).toMatchObject({
      status: 400,
      body: { error: "sort must be one of random, az, status." },
    });
    expect(await get("limit=5&cursor=not-a-cursor")).toMatchObject({
      status: 400,
      body: { error: "cursor is not valid: pass the next of the previous page." },
    });
  });
});
