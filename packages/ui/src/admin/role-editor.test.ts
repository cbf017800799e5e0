import { DEFAULT_ROLES } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { roleUpdatedMessage, roleUpdateFailedMessage } from "./admin-messages.ts";
import { canEditRoles, editorRoleKeys, isRoleDirty, roleChoices, roleLockReason } from "./role-editor.ts";

describe("role editor (Settings tab)", () => {
  it("needs users:edit; the owner sees every role but owner, others moderator and user", () => {
    expect(canEditRoles(DEFAULT_ROLES.moderator.permissions)).toBe(false);
    expect(editorRoleKeys(DEFAULT_ROLES.moderator.permissions)).toEqual([]);
    expect(editorRoleKeys(["override:owner"])).toEqual(["admin", "moderator", "user"]);
    expect(editorRoleKeys(DEFAULT_ROLES.admin.permissions)).toEqual(["moderator", "user"]);
  });

  it("a role holding permissions the viewer lacks is read-only", () => {
    const partial = ["website:view", "website:admin:view", "users:edit"];
    expect(roleLockReason(partial, DEFAULT_ROLES.user)).toBeNull();
    expect(roleLockReason(partial, DEFAULT_ROLES.moderator)).toBe(
      "This role holds permissions you do not have: projects:view, users:view.",
    );
    expect(
      roleChoices(partial, DEFAULT_ROLES.moderator.permissions, DEFAULT_ROLES.moderator.permissions).every(
        (o) => o.disabled,
      ),
    ).toBe(true);
    const user = roleChoices(partial, ["website:view"], ["website:view"]);
    expect(user.find((o) => o.definition.name === "users:edit")?.disabled).toBe(false);
    expect(user.find((o) => o.definition.name === "users:delete")?.disabled).toBe(true);
  });

  it("dirty only when the set changes; the spec's messages", () => {
    expect(isRoleDirty(["a", "b"], ["b", "a"])).toBe(false);
    expect(isRoleDirty(["a"], ["a", "b"])).toBe(true);
    expect(roleUpdatedMessage(3)).toBe("Role permissions updated successfully. 3 users updated.");
    expect(roleUpdateFailedMessage("Nope.")).toBe("Failed to update role permissions: Nope.");
    expect(roleUpdateFailedMessage(undefined)).toBe("Failed to update role permissions: Unknown error");
  });
});
