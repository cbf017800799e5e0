import { describe, expect, it } from "vitest";
import {
  describePermission,
  groupPermissionsByCategory,
  hasPermission,
  isKnownPermission,
  PERMISSION_CATALOGUE,
  PERMISSION_NAMES,
} from "./permissions.ts";

// Spec section 6, "Permission levels and categories".
const SPEC_TABLE: ReadonlyArray<[name: string, level: number, category: string]> = [
  ["website:view", 1, "Website"],
  ["website:admin:view", 50, "Website"],
  ["website:projects:edit", 60, "Website"],
  // Visitor analytics in the Dashboard (docs/design.md section 10), beyond the spec's table.
  ["analytics:view", 55, "Website"],
  ["projects:view", 50, "Projects"],
  ["projects:create", 65, "Projects"],
  ["projects:edit", 70, "Projects"],
  ["projects:delete", 80, "Projects"],
  ["users:view", 60, "User Management"],
  ["users:edit", 70, "User Management"],
  ["users:delete", 80, "User Management"],
  ["users:permissions", 90, "User Management"],
  ["override:owner", 1000, "System"],
];

describe("permission catalogue (spec section 6)", () => {
  it("holds exactly the 12 permissions of the spec and analytics:view", () => {
    expect(PERMISSION_CATALOGUE).toHaveLength(13);
    expect(PERMISSION_CATALOGUE.map((d) => d.name).sort()).toEqual(SPEC_TABLE.map(([name]) => name).sort());
    expect([...PERMISSION_NAMES].sort()).toEqual(SPEC_TABLE.map(([name]) => name).sort());
  });

  it.each(SPEC_TABLE)("%s has level %i and category %s", (name, level, category) => {
    const definition = describePermission(name);
    expect(definition.name).toBe(name);
    expect(definition.level).toBe(level);
    expect(definition.category).toBe(category);
    expect(isKnownPermission(name)).toBe(true);
  });

  it("every definition carries a description and a colour", () => {
    for (const definition of PERMISSION_CATALOGUE) {
      expect(definition.description.trim()).not.toBe("");
      expect(definition.color.trim()).not.toBe("");
    }
  });

  it("shows an unknown permission with category Unknown and level 0", () => {
    const definition = describePermission("made:up");
    expect(definition.name).toBe("made:up");
    expect(definition.category).toBe("Unknown");
    expect(definition.level).toBe(0);
    expect(isKnownPermission("made:up")).toBe(false);
  });
});

describe("hasPermission (spec section 6 rules)", () => {
  it("is true when the list holds override:owner, whatever the permission asked", () => {
    expect(hasPermission(["override:owner"], "users:delete")).toBe(true);
    expect(hasPermission(["override:owner"], "website:admin:view")).toBe(true);
  });

  it("is true when the list holds the named permission", () => {
    expect(hasPermission(["website:view", "projects:edit"], "projects:edit")).toBe(true);
  });

  it("is false when the list holds neither the named permission nor the override", () => {
    expect(hasPermission(["website:view", "projects:view"], "projects:edit")).toBe(false);
    expect(hasPermission([], "website:view")).toBe(false);
  });

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["a string", "override:owner"],
    ["an object", { "override:owner": true, permissions: ["override:owner"] }],
  ])("is false when the permission set is %s", (_label, permissions) => {
    expect(hasPermission(permissions, "website:view")).toBe(false);
  });
});

describe("groupPermissionsByCategory", () => {
  it("groups permissions into Website, Projects, User Management, System and Unknown", () => {
    const groups = groupPermissionsByCategory([
      "users:view",
      "made:up",
      "website:view",
      "override:owner",
      "projects:delete",
      "website:admin:view",
      "projects:view",
    ]);
    expect(Object.keys(groups).sort()).toEqual(["Projects", "System", "Unknown", "User Management", "Website"]);
    expect(groups.Website?.map((d) => d.name)).toEqual(["website:view", "website:admin:view"]);
    expect(groups.Projects?.map((d) => d.name)).toEqual(["projects:view", "projects:delete"]);
    expect(groups["User Management"]?.map((d) => d.name)).toEqual(["users:view"]);
    expect(groups.System?.map((d) => d.name)).toEqual(["override:owner"]);
    expect(groups.Unknown?.map((d) => d.name)).toEqual(["made:up"]);
    expect(groups.Unknown?.[0]?.level).toBe(0);
  });

  it("has no group for a category with no permission held", () => {
    const groups = groupPermissionsByCategory(["website:view"]);
    expect(Object.keys(groups)).toEqual(["Website"]);
  });

  it("gives no groups for an empty list", () => {
    expect(groupPermissionsByCategory([])).toEqual({});
  });
});
