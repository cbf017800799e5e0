import { describe, expect, it } from "vitest";
import { lastSeenWorkingOn, latestProjectId, type Project, projectStatus, shuffle, sortProjects } from "./projects.ts";

function project(id: string, title: string, flags: Partial<Pick<Project, "isLatest" | "isArchived">> = {}): Project {
  return {
    _id: id,
    title,
    description: `${title} description`,
    isArchived: flags.isArchived ?? false,
    isLatest: flags.isLatest ?? false,
    tags: [],
    slug: id,
    longDescription: "",
    pictures: [],
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    version: 1,
  };
}

const titles = (projects: readonly Project[]) => projects.map((p) => p.title);

describe("sortProjects 'az'", () => {
  it("orders projects by title", () => {
    const projects = [project("1", "Charlie"), project("2", "alpha"), project("3", "Bravo")];
    expect(titles(sortProjects(projects, "az"))).toEqual(["alpha", "Bravo", "Charlie"]);
  });

  it("does not change the input list", () => {
    const projects = [project("1", "B"), project("2", "A")];
    sortProjects(projects, "az");
    expect(titles(projects)).toEqual(["B", "A"]);
  });
});

describe("sortProjects 'status'", () => {
  it("puts the latest first, then normal projects, then archived ones, each by title", () => {
    const projects = [
      project("1", "Zulu archived", { isArchived: true }),
      project("2", "Yankee"),
      project("3", "Alpha archived", { isArchived: true }),
      project("4", "Mike latest", { isLatest: true }),
      project("5", "Bravo"),
    ];
    expect(titles(sortProjects(projects, "status"))).toEqual([
      "Mike latest",
      "Bravo",
      "Yankee",
      "Alpha archived",
      "Zulu archived",
    ]);
  });

  it("counts only the first latest project as latest; a second one sorts as normal", () => {
    const projects = [
      project("1", "Zebra latest", { isLatest: true }),
      project("2", "Apple also flagged latest", { isLatest: true }),
      project("3", "Mango"),
    ];
    expect(titles(sortProjects(projects, "status"))).toEqual(["Zebra latest", "Apple also flagged latest", "Mango"]);
  });

  it("sorts a second latest project that is also archived among the archived ones", () => {
    const projects = [
      project("1", "Old", { isArchived: true }),
      project("2", "First latest", { isLatest: true }),
      project("3", "Aardvark latest and archived", { isLatest: true, isArchived: true }),
      project("4", "Normal"),
    ];
    expect(titles(sortProjects(projects, "status"))).toEqual([
      "First latest",
      "Normal",
      "Aardvark latest and archived",
      "Old",
    ]);
  });

  it("orders by title only when no project is latest", () => {
    const projects = [project("1", "B", { isArchived: true }), project("2", "C"), project("3", "A")];
    expect(titles(sortProjects(projects, "status"))).toEqual(["A", "C", "B"]);
  });
});

describe("sortProjects 'random'", () => {
  const projects = [project("1", "A"), project("2", "B"), project("3", "C"), project("4", "D")];

  it("uses the injected random source (always 0 rotates the list)", () => {
    // Fisher-Yates with j = 0 at every step swaps each tail item with the head.
    expect(titles(sortProjects(projects, "random", () => 0))).toEqual(["B", "C", "D", "A"]);
  });

  it("uses the injected random source (just below 1 keeps the order)", () => {
    expect(titles(sortProjects(projects, "random", () => 0.999999))).toEqual(["A", "B", "C", "D"]);
  });

  it("keeps every project exactly once", () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return (seed - 1) / 2147483646;
    };
    const out = sortProjects(projects, "random", random);
    expect(out).toHaveLength(4);
    expect(titles(out).sort()).toEqual(["A", "B", "C", "D"]);
  });

  it("does not change the input list", () => {
    sortProjects(projects, "random", () => 0);
    expect(titles(projects)).toEqual(["A", "B", "C", "D"]);
  });
});

describe("shuffle", () => {
  it("returns a permutation of the items", () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    for (let run = 0; run < 20; run++) {
      const out = shuffle(items);
      expect(out).toHaveLength(50);
      expect([...out].sort((a, b) => a - b)).toEqual(items);
    }
  });

  it("returns a new array and leaves the input unchanged", () => {
    const items = [1, 2, 3];
    const out = shuffle(items, () => 0);
    expect(out).not.toBe(items);
    expect(items).toEqual([1, 2, 3]);
  });

  it("handles an empty list and a single item", () => {
    expect(shuffle([])).toEqual([]);
    expect(shuffle(["only"])).toEqual(["only"]);
  });
});

describe("lastSeenWorkingOn ('Last seen working on' badge)", () => {
  it("names the latest project", () => {
    const projects = [project("1", "First"), project("2", "Newest", { isLatest: true })];
    expect(lastSeenWorkingOn(projects)).toEqual({ title: "Newest", projectId: "2" });
  });

  it("names the first latest project when several are flagged", () => {
    const projects = [
      project("1", "First"),
      project("2", "One", { isLatest: true }),
      project("3", "Two", { isLatest: true }),
    ];
    expect(lastSeenWorkingOn(projects)).toEqual({ title: "One", projectId: "2" });
  });

  it("names the first project when none is latest", () => {
    const projects = [project("1", "First"), project("2", "Second")];
    expect(lastSeenWorkingOn(projects)).toEqual({ title: "First", projectId: "1" });
  });

  it("says 'something exciting' when there are no projects", () => {
    expect(lastSeenWorkingOn([])).toEqual({ title: "something exciting" });
  });

  it("never names an archived project, even one flagged latest", () => {
    const projects = [
      project("1", "Old Bot", { isArchived: true }),
      project("2", "Retired", { isArchived: true, isLatest: true }),
      project("3", "Current"),
    ];
    expect(lastSeenWorkingOn(projects)).toEqual({ title: "Current", projectId: "3" });
  });

  it("names the first latest project that is not archived", () => {
    const projects = [
      project("1", "Retired", { isArchived: true, isLatest: true }),
      project("2", "First"),
      project("3", "Live", { isLatest: true }),
    ];
    expect(lastSeenWorkingOn(projects)).toEqual({ title: "Live", projectId: "3" });
  });

  it("says 'something exciting' when every project is archived", () => {
    expect(lastSeenWorkingOn([project("1", "Old", { isArchived: true })])).toEqual({ title: "something exciting" });
  });
});

describe("projectStatus", () => {
  it("is latest for a latest project", () => {
    expect(projectStatus(project("1", "A", { isLatest: true }))).toBe("latest");
  });

  it("is archived for an archived project", () => {
    expect(projectStatus(project("1", "A", { isArchived: true }))).toBe("archived");
  });

  it("is active for a project that is neither", () => {
    expect(projectStatus(project("1", "A"))).toBe("active");
  });

  it("is latest when both flags are set", () => {
    expect(projectStatus(project("1", "A", { isLatest: true, isArchived: true }))).toBe("latest");
  });

  it("is not latest for a flagged project that is not the first latest of the list", () => {
    const first = project("1", "A", { isLatest: true });
    const second = project("2", "B", { isLatest: true });
    const archivedSecond = project("3", "C", { isLatest: true, isArchived: true });
    const latestId = latestProjectId([first, second, archivedSecond]);
    expect(latestId).toBe("1");
    expect(projectStatus(first, latestId)).toBe("latest");
    expect(projectStatus(second, latestId)).toBe("active");
    expect(projectStatus(archivedSecond, latestId)).toBe("archived");
  });
});
