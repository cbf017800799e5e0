/**
 * The desktop's Projects tab pages through the local database: `projects.list` with paging
 * parameters is answered by the same core function as the server's `GET /api/projects`, from the local
 * SQLite, in the same orders and with the same cursors, whether the app works locally, is connected, or the
 * network is gone; nothing is asked of the server.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Project, type ProjectsAnswer, sortProjects } from "@portfolio/core/domain";
import { OWNER, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openTestDesktop, type TestDesktop } from "./testing/harness.ts";

let server: TestServer;
let root: string;
let desktop: TestDesktop;
let dirs = 0;

beforeAll(async () => {
  server = await startTestServer();
  root = mkdtempSync(join(tmpdir(), "portfolio-projects-page-"));
});
afterEach(async () => {
  await desktop?.main.close();
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const fresh = async () => {
  desktop = await openTestDesktop({ dir: join(root, `d${++dirs}`) });
  return desktop;
};
const titles = (projects: readonly Project[]) => projects.map((p) => p.title);

/** Every page of one order, following `next` from the first, as the tab's 'Next page' does. */
async function walk(query: Record<string, unknown>): Promise<{ seen: string[]; sizes: number[] }> {
  const seen: string[] = [];
  const sizes: number[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page++) {
    const answer = await desktop.value<ProjectsAnswer>("projects.list", { ...query, ...(cursor ? { cursor } : {}) });
    sizes.push(answer.projects.length);
    seen.push(...titles(answer.projects));
    if (!answer.next) return { seen, sizes };
    cursor = answer.next;
  }
  throw new Error("the pages never ended");
}

async function addProjects(count: number) {
  for (let i = 1; i <= count; i++)
    await desktop.value("projects.create", { title: `Local ${String(i).padStart(2, "0")}`, description: "Made here." });
}

describe("the Projects tab's pages in the desktop app", () => {
  it("pages A-Z through the local database, a page at a time, each project once", async () => {
    await fresh();
    await desktop.value("desktop.workLocally");
    await addProjects(6);
    const all = (await desktop.value<ProjectsAnswer>("projects.list")).projects;
    const { seen, sizes } = await walk({ limit: 7, sort: "az" });
    expect(seen).toEqual(titles(sortProjects(all, "az")));
    expect(sizes).toEqual([7, 7, 6]);
    const first = await desktop.value<ProjectsAnswer>("projects.list", { limit: 7, sort: "az" });
    expect(first.total).toBe(20);
  });

  it("pages Z-A and by Status backwards, as the table's second click on a column asks", async () => {
    await fresh();
    await desktop.value("desktop.workLocally");
    const all = (await desktop.value<ProjectsAnswer>("projects.list")).projects;
    expect((await walk({ limit: 5, sort: "az", direction: "desc" })).seen).toEqual(
      titles(sortProjects(all, "az")).reverse(),
    );
    const status = (await walk({ limit: 5, sort: "status", direction: "desc" })).seen;
    const archived = titles(sortProjects(all, "az")).filter((t) => all.find((p) => p.title === t)?.isArchived);
    expect(status.slice(0, archived.length)).toEqual(archived);
    expect(status.at(-1)).toBe(all.find((p) => p.isLatest)?.title);
  });

  it("reads the pages locally when connected, and keeps paging with the network gone", async () => {
    await fresh();
    const connected = await desktop.call("desktop.connect", {
      serverUrl: server.url,
      username: OWNER.username,
      password: OWNER.password,
    });
    expect(connected).toMatchObject({ ok: true });
    const all = (await desktop.value<ProjectsAnswer>("projects.list")).projects;
    const asked = desktop.network.requests.length;
    expect((await walk({ limit: 4, sort: "status" })).seen).toEqual(titles(sortProjects(all, "status")));
    desktop.network.offline = true;
    expect((await walk({ limit: 4, sort: "az" })).seen).toEqual(titles(sortProjects(all, "az")));
    expect(desktop.network.requests.slice(asked).filter((r) => r.url.includes("/api/projects"))).toEqual([]);
  });

  it("refuses a cursor made for another order with the server's words", async () => {
    await fresh();
    await desktop.value("desktop.workLocally");
    const { next } = await desktop.value<ProjectsAnswer>("projects.list", { limit: 3, sort: "az" });
    expect(await desktop.call("projects.list", { limit: 3, sort: "status", cursor: next })).toMatchObject({
      ok: false,
      status: 400,
      error: "cursor is not valid: pass the next of the previous page.",
    });
  });
});
