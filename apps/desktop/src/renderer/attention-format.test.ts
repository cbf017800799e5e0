import { describe, expect, it } from "vitest";
import { changeRows, conflictRows, fieldLabel, formatValue } from "./attention-format.ts";

describe("conflict rows", () => {
  it("puts mine next to the server's value for each conflicting field", () => {
    const rows = conflictRows({
      fields: ["title", "tags"],
      mine: { title: "Mine", tags: ["a", "b"], description: "not in conflict" },
      server: { title: "Theirs", tags: [], description: "x" },
    });
    expect(rows).toEqual([
      { field: "title", label: "Title", mine: "Mine", server: "Theirs" },
      { field: "tags", label: "Tags", mine: "a, b", server: "(empty)" },
    ]);
  });

  it("says 'Deleted on the server' when the server deleted what I edited", () => {
    const rows = conflictRows({ fields: ["title"], mine: { title: "Mine" }, server: null });
    expect(rows).toEqual([{ field: "title", label: "Title", mine: "Mine", server: "Deleted on the server" }]);
  });

  it("says 'Deleted on this computer' when I deleted what the server edited", () => {
    const rows = conflictRows({ fields: ["isArchived"], mine: {}, server: { isArchived: true } });
    expect(rows).toEqual([{ field: "isArchived", label: "Archived", mine: "Deleted on this computer", server: "Yes" }]);
  });

  it("falls back to the fields of my change when none is named", () => {
    const rows = conflictRows({ fields: [], mine: { isLatest: false }, server: { isLatest: true } });
    expect(rows).toEqual([{ field: "isLatest", label: "Latest", mine: "No", server: "Yes" }]);
  });
});

describe("rejected change rows", () => {
  it("lists what my change carried", () => {
    expect(changeRows({ fields: ["title"], mine: { title: "", externalLink: "nope" } })).toEqual([
      { label: "Title", value: "(empty)" },
      { label: "External link", value: "nope" },
    ]);
  });

  it("names a delete", () => {
    expect(changeRows({ fields: [], mine: {} })).toEqual([{ label: "Change", value: "Deleted on this computer" }]);
  });
});

describe("labels and values", () => {
  it("labels unknown fields by splitting camelCase", () => {
    expect(fieldLabel("businessEmail")).toBe("Business email");
    expect(fieldLabel("github")).toBe("GitHub link");
  });

  it("formats objects as JSON and numbers as text", () => {
    expect(formatValue({ a: 1 })).toBe('{"a":1}');
    expect(formatValue(3)).toBe("3");
  });
});
