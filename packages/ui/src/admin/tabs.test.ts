import { DEFAULT_ROLES } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { tabAfterKey, tabFromHash, visibleTabs } from "./tabs.ts";

describe("admin tabs", () => {
  it("Users needs users:view and Projects needs projects:view", () => {
    expect(visibleTabs(["override:owner"])).toEqual(["dashboard", "users", "projects", "trash", "settings"]);
    expect(visibleTabs(DEFAULT_ROLES.moderator.permissions)).toEqual(["dashboard", "users", "projects", "settings"]);
    expect(visibleTabs(["website:view", "website:admin:view"])).toEqual(["dashboard", "settings"]);
    expect(visibleTabs(["website:admin:view", "projects:view"])).toEqual(["dashboard", "projects", "settings"]);
  });

  it("Trash needs projects:delete, the permission to restore and purge what was deleted", () => {
    expect(visibleTabs(["website:admin:view", "projects:view", "projects:delete"])).toEqual([
      "dashboard",
      "projects",
      "trash",
      "settings",
    ]);
    expect(tabFromHash("#trash", visibleTabs(["website:admin:view", "projects:view"]))).toBe("dashboard");
  });

  it("reads the tab from the hash only when visible", () => {
    const visible = visibleTabs(["website:admin:view"]);
    expect(tabFromHash("#settings", visible)).toBe("settings");
    expect(tabFromHash("#settings/sessions", visible)).toBe("settings");
    expect(tabFromHash("#users", visible)).toBe("dashboard");
    expect(tabFromHash("", visible)).toBe("dashboard");
  });

  it("arrow keys wrap, Home and End jump", () => {
    const visible = visibleTabs(["override:owner"]);
    expect(tabAfterKey(visible, "dashboard", "ArrowRight")).toBe("users");
    expect(tabAfterKey(visible, "dashboard", "ArrowLeft")).toBe("settings");
    expect(tabAfterKey(visible, "settings", "ArrowRight")).toBe("dashboard");
    expect(tabAfterKey(visible, "users", "End")).toBe("settings");
    expect(tabAfterKey(visible, "users", "Home")).toBe("dashboard");
    expect(tabAfterKey(visible, "users", "Enter")).toBeNull();
  });
});
