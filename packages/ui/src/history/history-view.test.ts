import type { HistoryItem } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { describeVersion, fieldChanges, fieldLabel, formatFieldValue, versionChanges } from "./history-view.ts";

interface Fields {
  title: string;
  tags: string[];
  isArchived: boolean;
  github: string | null;
}

const labels = { title: "Title", github: "Code link" };

function version(n: number, fields: Partial<Fields>, action = "edit"): HistoryItem<Fields> {
  return {
    version: n,
    at: "2026-11-26T10:00:00.000Z",
    actor: { id: "u1", username: "ada" },
    action,
    fields: { title: "Site", tags: [], isArchived: false, github: null, ...fields },
  };
}

describe("the History panel's comparisons", () => {
  it("marks the fields each version changed from the one before it, newest first", () => {
    const items = [version(3, { title: "New", tags: ["TS"] }), version(2, { title: "Old" }), version(1, {})];
    const changes = versionChanges(items, labels);
    expect(changes[0]?.map((c) => c.key)).toEqual(["title", "tags"]);
    expect(changes[1]).toEqual([{ key: "title", label: "Title", before: "Site", after: "Old" }]);
  });

  it("knows nothing of the oldest loaded version's changes until the version before it is loaded", () => {
    expect(versionChanges([version(2, {}), version(1, {})], labels)[1]).toBeNull();
  });

  it("lists what a restore would change, current value first", () => {
    const now = version(5, { title: "Now", isArchived: true }).fields;
    const then = version(2, { title: "Then", github: "https://github.com/a/b" }).fields;
    expect(fieldChanges(now, then, labels)).toEqual([
      { key: "title", label: "Title", before: "Now", after: "Then" },
      { key: "isArchived", label: "Is archived", before: "Yes", after: "No" },
      { key: "github", label: "Code link", before: "(empty)", after: "https://github.com/a/b" },
    ]);
  });

  it("reads any value in words", () => {
    expect(formatFieldValue("")).toBe("(empty)");
    expect(formatFieldValue(null)).toBe("(empty)");
    expect(formatFieldValue(false)).toBe("No");
    expect(formatFieldValue([])).toBe("(none)");
    expect(formatFieldValue(["a", "b"])).toBe("a, b");
    expect(formatFieldValue(3)).toBe("3");
  });

  it("reads a list of named records, such as social links, by name", () => {
    const links = [
      { name: "GitHub", url: "https://github.com/ada", handle: "ada" },
      { name: "Twitch", url: "", handle: "" },
    ];
    expect(formatFieldValue(links)).toBe("GitHub: https://github.com/ada, ada; Twitch: (empty)");
  });

  it("names a field without a label by its name in words", () => {
    expect(fieldLabel("birthDate", {})).toBe("Birth date");
  });

  it("says who made each version", () => {
    expect(describeVersion({ action: "restore", actor: { id: "u1", username: "ada" } })).toBe(
      "Restored an earlier version by ada",
    );
    expect(describeVersion({ action: "untrash", actor: null })).toBe("Restored from the trash by the system");
    expect(describeVersion({ action: "before-history", actor: null })).toBe("As it stood when history began");
  });
});
