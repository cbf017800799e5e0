import { describe, expect, it } from "vitest";
import { groupOptions, orderPermissions, permissionChoices, togglePermission } from "./permission-choices.ts";

describe("permission checkboxes", () => {
  it("keeps catalogue order and ignores override:owner when toggling", () => {
    expect(orderPermissions(["users:view", "website:view", "users:view", "zzz"])).toEqual([
      "website:view",
      "users:view",
      "zzz",
    ]);
    expect(togglePermission(["website:view"], "projects:view")).toEqual(["website:view", "projects:view"]);
    expect(togglePermission(["website:view", "projects:view"], "website:view")).toEqual(["projects:view"]);
    expect(togglePermission(["website:view"], "override:owner")).toEqual(["website:view"]);
  });

  it("a locked list disables everything with the reason; unknown held permissions are listed", () => {
    const options = permissionChoices({
      viewerPermissions: ["override:owner"],
      before: ["legacy:thing"],
      draft: ["legacy:thing"],
      locked: "Read only",
    });
    expect(options.every((o) => o.disabled)).toBe(true);
    expect(options.at(-1)?.definition).toMatchObject({ name: "legacy:thing", category: "Unknown" });
  });

  it("removing and re-adding a saved permission is allowed even if the viewer lacks it", () => {
    const options = permissionChoices({ viewerPermissions: [], before: ["users:delete"], draft: [] });
    expect(options.find((o) => o.definition.name === "users:delete")?.disabled).toBe(false);
    expect(options.find((o) => o.definition.name === "users:edit")?.disabled).toBe(true);
  });

  it("groups by category in catalogue order", () => {
    const groups = groupOptions(permissionChoices({ viewerPermissions: [], before: [], draft: [] }));
    expect(groups.map(([category]) => category)).toEqual(["Website", "Projects", "User Management", "System"]);
    expect(groups[0]?.[1].map((o) => o.definition.name)).toEqual([
      "website:view",
      "website:admin:view",
      "website:projects:edit",
      "analytics:view",
    ]);
  });
});
