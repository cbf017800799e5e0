import { DEFAULT_ROLES } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { ApiError, ApiNetworkError } from "../api/api-client.ts";
import { roleUpdatedMessage, roleUpdateFailedMessage } from "./admin-messages.ts";
import {
  canEditRoles,
  editorRoleKeys,
  isRoleDirty,
  PREVIEW_UNKNOWN,
  roleChoices,
  roleLockReason,
  rolePreviewForRestore,
  rolePreviewFromAnswer,
  rolePreviewFromError,
  rolePreviewText,
} from "./role-editor.ts";

describe("role editor (Settings tab)", () => {
  it("needs users:edit; the owner sees every role but owner, others moderator and user", () => {
    expect(canEditRoles(DEFAULT_ROLES.moderator.permissions)).toBe(false);
    expect(editorRoleKeys(DEFAULT_ROLES.moderator.permissions)).toEqual([]);
    expect(editorRoleKeys(["override:owner"])).toEqual(["admin", "moderator", "user"]);
    expect(editorRoleKeys(DEFAULT_ROLES.admin.permissions)).toEqual(["moderator", "user"]);
  });

  it("a role holding permissions the viewer lacks is read-only", () => {
    const partial = ["website:view", "website:admin:view", "users:edit", "users:permissions"];
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
    expect(roleUpdatedMessage(0)).toBe("Role permissions updated successfully. 0 users updated.");
    expect(roleUpdateFailedMessage("Nope.")).toBe("Failed to update role permissions: Nope.");
    expect(roleUpdateFailedMessage(undefined)).toBe("Failed to update role permissions: Unknown error");
  });

  it("says '1 user updated' for one user, not '1 users updated'", () => {
    expect(roleUpdatedMessage(1)).toBe("Role permissions updated successfully. 1 user updated.");
  });

  it("changing a role's permissions needs users:permissions, as changing one user's does", () => {
    const editOnly = ["website:view", "website:admin:view", "users:edit"];
    expect(roleLockReason(editOnly, DEFAULT_ROLES.user)).toBe(
      "Changing a role's permissions needs the users:permissions permission.",
    );
    expect(roleChoices(editOnly, ["website:view"], ["website:view"]).every((o) => o.disabled)).toBe(true);
  });

  it("before Save, says who will change: the role's members", () => {
    expect(rolePreviewText({ updatedUsers: 3, usernames: ["alice", "bob", "carol"] })).toBe(
      "This will update 3 users: alice, bob, carol",
    );
    expect(rolePreviewText({ updatedUsers: 1, usernames: ["alice"] })).toBe("This will update 1 user: alice");
    expect(rolePreviewText({ updatedUsers: 0, usernames: [] })).toBe("This will update no users.");
    expect(rolePreviewText({ updatedUsers: 3 })).toBe("This will update 3 users.");
    expect(rolePreviewText({ updatedUsers: 1 })).toBe("This will update 1 user.");
    const many = Array.from({ length: 12 }, (_, i) => `u${i + 1}`);
    expect(rolePreviewText({ updatedUsers: 12, usernames: many })).toBe(
      "This will update 12 users: u1, u2, u3, u4, u5, u6, u7, u8, u9, u10 and 2 more",
    );
    expect(
      rolePreviewFromAnswer({ updatedUsers: 1, usernames: ["al"], role: DEFAULT_ROLES.user, dryRun: true }),
    ).toEqual({ state: "ready", text: "This will update 1 user: al" });
  });

  it("a refused dry run keeps Save off with the server's reason; a failed one only says it could not check", () => {
    const same = "The Moderator role would have the same permissions as the User role.";
    expect(rolePreviewFromError(new ApiError(400, same))).toEqual({ state: "refused", text: same });
    expect(rolePreviewFromError(new ApiError(500, "The database is locked."))).toEqual({
      state: "unknown",
      text: PREVIEW_UNKNOWN,
    });
    expect(rolePreviewFromError(new ApiNetworkError(new Error("down")))).toEqual({
      state: "unknown",
      text: PREVIEW_UNKNOWN,
    });
  });
});

describe("the preview in a role restore's confirmation", () => {
  it("names who the restore would update, like the editor before Save", () => {
    const answer = { updatedUsers: 2, usernames: ["al", "bo"], role: DEFAULT_ROLES.user, dryRun: true as const };
    expect(rolePreviewForRestore(answer)).toEqual({ text: "This will update 2 users: al, bo", refused: false });
  });

  it("keeps Restore off with the server's words when it would refuse the restore", () => {
    const same = "The Moderator role already has this set.";
    expect(rolePreviewForRestore(null, new ApiError(400, same))).toEqual({ text: same, refused: true });
  });

  it("leaves Restore on when the preview itself could not be asked", () => {
    expect(rolePreviewForRestore(null, new ApiNetworkError(new TypeError("Failed to fetch")))).toEqual({
      text: PREVIEW_UNKNOWN,
      refused: false,
    });
  });
});
