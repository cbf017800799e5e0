import { DEFAULT_ROLES } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { describeAccess, joinWords } from "./effective-permissions.ts";
import { DEFAULT_ROLE_SET } from "./user-editor.ts";

const roles = DEFAULT_ROLE_SET;

describe("effective permissions preview", () => {
  it("joins words in English", () => {
    expect(joinWords([])).toBe("");
    expect(joinWords(["a"])).toBe("a");
    expect(joinWords(["a", "b"])).toBe("a and b");
    expect(joinWords(["a", "b", "c"])).toBe("a, b and c");
  });

  it("describes each default role", () => {
    expect(describeAccess(["override:owner"], roles)).toMatchObject({ role: "owner", warnings: [] });
    const admin = describeAccess(DEFAULT_ROLES.admin.permissions, roles);
    expect(admin).toMatchObject({ role: "admin", exact: true, warnings: [] });
    expect(admin.allows).toContain("Create, edit and delete projects.");
    expect(admin.allows).toContain("See the Users tab and the audit log.");
    const moderator = describeAccess(DEFAULT_ROLES.moderator.permissions, roles);
    expect(moderator).toMatchObject({ role: "moderator", exact: true, warnings: [] });
    expect(moderator.allows).toEqual([
      "View the public website.",
      "Open the admin panel: the Dashboard and the Settings tab.",
      "See the Projects tab.",
      "See the Users tab and the audit log.",
    ]);
    expect(describeAccess(["website:view"], roles).allows).toEqual(["View the public website."]);
    expect(describeAccess([], roles).allows).toEqual(["Nothing: not even viewing the website."]);
  });

  it("marks custom sets and names the closest role", () => {
    const custom = describeAccess([...DEFAULT_ROLES.moderator.permissions, "projects:create"], roles);
    expect(custom).toMatchObject({ role: "moderator", exact: false });
    expect(custom.allows).toContain("Create projects.");
  });

  it("warns about combinations that do not work", () => {
    expect(describeAccess(["website:view", "users:view", "users:edit"], roles).warnings[0]).toBe(
      "Without website:admin:view the admin panel stays closed, so users:view and users:edit have no effect in it.",
    );
    expect(describeAccess(["website:admin:view", "projects:edit"], roles).warnings).toContain(
      "Without projects:view the Projects tab is hidden: projects can be changed only from the home page (with website:projects:edit).",
    );
    expect(describeAccess(["website:admin:view", "users:permissions"], roles).warnings).toContain(
      "users:permissions works only together with users:edit (editing a user needs it).",
    );
  });
});
