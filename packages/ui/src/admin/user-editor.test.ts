import { DEFAULT_ROLES } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_ROLE_SET,
  draftPermissions,
  exactRole,
  initialEditMode,
  initialEditorState,
  isUserEditDirty,
  roleOptions,
  switchMode,
  userPermissionChoices,
} from "./user-editor.ts";

const roles = DEFAULT_ROLE_SET;
const admin = DEFAULT_ROLES.admin.permissions;
const moderator = DEFAULT_ROLES.moderator.permissions;

describe("Edit User: role mode or custom mode", () => {
  it("starts in role mode when the permissions equal a role exactly (any order), else custom", () => {
    expect(initialEditMode([...moderator].reverse(), roles)).toBe("role");
    expect(initialEditMode(["website:view"], roles)).toBe("role");
    expect(initialEditMode([...moderator, "projects:create"], roles)).toBe("custom");
    expect(initialEditMode([], roles)).toBe("custom");
    expect(initialEditorState({ username: "m", permissions: moderator }, roles)).toMatchObject({
      mode: "role",
      role: "moderator",
    });
  });

  it("follows the roles the server sends, not only the defaults", () => {
    const edited = { ...roles, moderator: { ...roles.moderator, permissions: ["website:view", "website:admin:view"] } };
    expect(exactRole(moderator, edited)).toBeNull();
    expect(exactRole(["website:admin:view", "website:view"], edited)).toBe("moderator");
  });

  it("never offers the owner role", () => {
    const keys = roleOptions(["override:owner"], ["website:view"], roles).map((o) => o.key);
    expect(keys).toEqual(["admin", "moderator", "user"]);
  });

  it("disables roles that would grant permissions the viewer does not hold", () => {
    const partial = ["website:view", "website:admin:view", "users:view", "users:edit", "users:permissions"];
    const options = roleOptions(partial, ["website:view"], roles);
    expect(options.find((o) => o.key === "admin")?.disabled).toBe(true);
    expect(options.find((o) => o.key === "admin")?.reason).toContain("projects:view");
    expect(options.find((o) => o.key === "moderator")?.disabled).toBe(true);
    expect(options.find((o) => o.key === "user")?.disabled).toBe(false);
    expect(roleOptions(admin, ["website:view"], roles).every((o) => !o.disabled)).toBe(true);
  });

  it("without users:permissions only the current role stays selectable", () => {
    const editor = ["website:view", "website:admin:view", "users:view", "users:edit"];
    const options = roleOptions(editor, ["website:view"], roles);
    expect(options.map((o) => o.disabled)).toEqual([true, true, false]);
    expect(userPermissionChoices(editor, ["website:view"], ["website:view"]).every((o) => o.disabled)).toBe(true);
  });

  it("override:owner can never be toggled; permissions the viewer lacks cannot be granted", () => {
    const partial = ["website:view", "website:admin:view", "users:view", "users:edit", "users:permissions"];
    const options = userPermissionChoices(partial, ["website:view"], ["website:view"]);
    const byName = Object.fromEntries(options.map((o) => [o.definition.name, o]));
    expect(byName["override:owner"]).toMatchObject({ disabled: true, reason: "Cannot be granted by others" });
    expect(byName["projects:delete"]).toMatchObject({ disabled: true, reason: "You do not hold this permission" });
    expect(byName["users:view"]?.disabled).toBe(false);
    expect(byName["website:view"]).toMatchObject({ checked: true, disabled: false });
    const owner = userPermissionChoices(["override:owner"], [], []);
    expect(owner.filter((o) => o.disabled).map((o) => o.definition.name)).toEqual(["override:owner"]);
  });

  it("switching modes keeps the permissions; role mode picks the matching role", () => {
    let state = initialEditorState({ username: "x", permissions: ["website:view", "projects:view"] }, roles);
    expect(state.mode).toBe("custom");
    state = switchMode(state, "role", roles);
    expect(state).toMatchObject({ mode: "role", role: null });
    expect(draftPermissions(state, roles)).toEqual(["website:view", "projects:view"]);
    state = { ...state, role: "moderator" };
    expect(draftPermissions(state, roles)).toEqual(moderator);
    state = switchMode(state, "custom", roles);
    expect(state).toMatchObject({ mode: "custom", permissions: moderator });
    expect(switchMode(state, "role", roles).role).toBe("moderator");
  });
});

describe("Edit User: unsaved changes", () => {
  const user = { username: "mod1", permissions: [...moderator] };

  it("the form as opened is clean", () => {
    expect(isUserEditDirty(initialEditorState(user, roles), user, roles)).toBe(false);
  });

  it("a new username is an unsaved change", () => {
    expect(isUserEditDirty({ ...initialEditorState(user, roles), username: "mod2" }, user, roles)).toBe(true);
  });

  it("another role is an unsaved change", () => {
    expect(isUserEditDirty({ ...initialEditorState(user, roles), role: "user" }, user, roles)).toBe(true);
  });

  it("switching to custom mode alone changes nothing", () => {
    const custom = switchMode(initialEditorState(user, roles), "custom", roles);
    expect(isUserEditDirty(custom, user, roles)).toBe(false);
  });
});
