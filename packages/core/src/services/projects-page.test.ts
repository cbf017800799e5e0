/**
 * The public project list at any size, on both dialects: without parameters every project (the
 * spec's answer); with paging parameters one page at a time in each sort the site offers, sorted by the
 * database over the whole list, without repeats or gaps.
 */

import { call, createSyncFixture, type SyncFixture } from "@portfolio/testing/core/sync-fixture.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ProjectsAnswer } from "../domain/api-types.ts";
import { type Project, sortProjects } from "../domain/projects.ts";
import { createProject, listProjects } from "./projects.service.ts";

const TITLES = [
  "zebra tracker",
  "Apple pie",
  "mango",
  "Kiwi bot",
  "banana split",
  "Cherry",
  "delta",
  "Echo chamber",
  "foxtrot",
  "Golf",
  "hotel",
  "India ink",
  "juliet",
  "Lima",
  "november rain",
  "Oscar",
  "papa",
  "Quebec",
  "romeo",
  "Sierra",
  "tango",
  "Uniform",
  "victor",
  "Whiskey",
];

let f: SyncFixture;
beforeEach(async () => {
  f = await createSyncFixture();
  for (const [i, title] of TITLES.entries())
    await createProject(f.core, f.owner, {
      title,
      description: `${title} description`,
      tags: [],
      isArchived: i % 5 === 1,
      isLatest: title === "mango",
    });
});
afterEach(async () => {
  await f.close();
});

const list = async (query: Record<string, string> = {}) =>
  (await call(f.core, f.owner, "projects.list", { query })) as ProjectsAnswer;
const titles = (projects: readonly Project[]) => projects.map((p) => p.title);

/** Every page of one sort, following `next` from the first. */
async function walk(query: Record<string, string>): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page++) {
    const answer = await list({ ...query, ...(cursor ? { cursor } : {}) });
    expect(answer.projects.length).toBeLessThanOrEqual(Number(query.limit));
    seen.push(...titles(answer.projects));
    if (answer.next === null) return seen;
    cursor = answer.next as string;
  }
  throw new Error("the pages never ended");
}

describe("GET /api/projects without paging parameters", () => {
  it("answers every project, oldest first, with no cursor or total", async () => {
    const answer = await list();
    expect(titles(answer.projects)).toEqual(titles(await listProjects(f.core.db)));
    expect(answer).not.toHaveProperty("next");
    expect(answer).not.toHaveProperty("total");
  });
});

describe("GET /api/projects with paging parameters", () => {
  it("pages through the list's own order (oldest first) without repeats or gaps", async () => {
    expect(await walk({ limit: "5" })).toEqual(titles(await listProjects(f.core.db)));
  });

  it("sorts A-Z over the whole list, page after page, as the site's A-Z sort does", async () => {
    const all = await listProjects(f.core.db);
    expect(await walk({ limit: "5", sort: "az" })).toEqual(titles(sortProjects(all, "az")));
  });

  it("sorts by Status over the whole list: the latest, then the others, then the archived ones, each by title", async () => {
    const all = await listProjects(f.core.db);
    const walked = await walk({ limit: "4", sort: "status" });
    expect(walked).toEqual(titles(sortProjects(all, "status")));
    expect(walked[0]).toBe("mango");
  });

  it("sorts Z-A over the whole list with direction=desc, page after page", async () => {
    const all = await listProjects(f.core.db);
    expect(await walk({ limit: "5", sort: "az", direction: "desc" })).toEqual(
      titles(sortProjects(all, "az")).reverse(),
    );
  });

  it("sorts by Status backwards with direction=desc: the archived, then the others, then the latest, each by title", async () => {
    const all = await listProjects(f.core.db);
    const byTitle = titles(sortProjects(all, "az"));
    const archived = byTitle.filter((t) => all.find((p) => p.title === t)?.isArchived);
    const others = byTitle.filter((t) => t !== "mango" && !archived.includes(t));
    expect(await walk({ limit: "4", sort: "status", direction: "desc" })).toEqual([...archived, ...others, "mango"]);
  });

  it("refuses a cursor made for the other direction, and a direction for another sort", async () => {
    const { next } = await list({ limit: "3", sort: "az", direction: "desc" });
    await expect(list({ limit: "3", sort: "az", cursor: next as string })).rejects.toThrow(
      "cursor is not valid: pass the next of the previous page.",
    );
    await expect(list({ limit: "3", direction: "desc" })).rejects.toThrow(
      "direction is only for sort=az and sort=status.",
    );
  });

  it("keeps one Random order for one seed on every page, each project once", async () => {
    const first = await walk({ limit: "5", sort: "random", seed: "12345" });
    expect([...first].sort()).toEqual([...TITLES].sort());
    expect(await walk({ limit: "7", sort: "random", seed: "12345" })).toEqual(first);
  });

  it("gives another seed another Random order", async () => {
    const one = await walk({ limit: "24", sort: "random", seed: "12345" });
    const other = await walk({ limit: "24", sort: "random", seed: "987654321" });
    expect([...other].sort()).toEqual([...one].sort());
    expect(other).not.toEqual(one);
  });

  it("answers the total, the one latest project and what 'Last seen working on' names", async () => {
    const answer = await list({ limit: "3", sort: "az" });
    const mango = (await listProjects(f.core.db)).find((p) => p.title === "mango");
    expect(answer.total).toBe(TITLES.length);
    expect(answer.latestId).toBe(mango?._id);
    expect(answer.lastSeen).toEqual({ _id: mango?._id, title: "mango" });
    expect(answer.next).toEqual(expect.any(String));
  });

  it("refuses a cursor made for another sort", async () => {
    const { next } = await list({ limit: "3", sort: "az" });
    await expect(list({ limit: "3", sort: "status", cursor: next as string })).rejects.toThrow(
      "cursor is not valid: pass the next of the previous page.",
    );
  });

  it("refuses a cursor made for another seed", async () => {
    const { next } = await list({ limit: "3", sort: "random", seed: "5" });
    await expect(list({ limit: "3", sort: "random", seed: "6", cursor: next as string })).rejects.toThrow(
      "cursor is not valid: pass the next of the previous page.",
    );
  });

  it("refuses Random without a seed, a limit out of range and a seed out of range", async () => {
    await expect(list({ sort: "random" })).rejects.toThrow("seed is required with sort=random.");
    await expect(list({ limit: "101" })).rejects.toThrow("limit must be 1 to 100.");
    await expect(list({ sort: "random", seed: "0" })).rejects.toThrow("seed must be an integer from 1 to 2147483646.");
  });
});
