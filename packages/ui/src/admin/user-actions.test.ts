import { DEFAULT_ROLES } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { hasAnyAction, NO_ACTIONS, rowActions } from "./user-actions.ts";

const owner = { id: "o", permissions: ["override:owner"] };
const admin = { id: "a", permissions: DEFAULT_ROLES.admin.permissions };
const moderator = { id: "m", permissions: DEFAULT_ROLES.moderator.permissions };
const row = (id: string, permissions: string[], isActive = true) => ({ _id: id, permissions, isActive });

describe("rowActions (spec section 6)", () => {
  it("a moderator (no users:edit or users:delete) gets no action on anyone", () => {
    for (const target of [
      row("u", ["website:view"]),
      row("x", ["website:view"], false),
      row("m", moderator.permissions),
    ])
      expect(rowActions(moderator, target)).toEqual(NO_ACTIONS);
  });

  it("an admin may activate, edit, delete and reset a plain user", () => {
    expect(rowActions(admin, row("u", ["website:view"], false))).toEqual({
      activate: true,
      deactivate: false,
      edit: true,
      delete: true,
      resetPassword: false,
      devices: true,
    });
    expect(rowActions(admin, row("u", ["website:view"]))).toEqual({
      activate: false,
      deactivate: true,
      edit: true,
      delete: true,
      resetPassword: true,
      devices: true,
    });
  });

  it("edit and delete are not offered for yourself or an owner; reset never for an owner or inactive user", () => {
    expect(rowActions(admin, row("a", admin.permissions))).toEqual({
      ...NO_ACTIONS,
      resetPassword: true,
      devices: true,
    });
    expect(rowActions(admin, row("o", ["override:owner"]))).toEqual(NO_ACTIONS);
    expect(rowActions(owner, row("o", ["override:owner"]))).toEqual({ ...NO_ACTIONS, devices: true });
    expect(rowActions(owner, row("x", ["website:view"], false)).resetPassword).toBe(false);
  });

  it("a user holding a permission the viewer lacks cannot be managed (the server refuses it)", () => {
    const partial = { id: "p", permissions: ["website:view", "website:admin:view", "users:view", "users:edit"] };
    const target = row("t", ["website:view", "users:delete"]);
    expect(rowActions(partial, target)).toEqual(NO_ACTIONS);
    expect(rowActions(partial, row("t2", ["website:view"])).edit).toBe(true);
    expect(rowActions(partial, row("t2", ["website:view"])).delete).toBe(false);
  });

  it("offers the Devices panel with users:edit; the owner's devices only to the owner", () => {
    expect(rowActions(admin, row("u", ["website:view", "website:admin:view"])).devices).toBe(true);
    expect(rowActions(admin, row("o", ["override:owner"])).devices).toBe(false);
    expect(rowActions(owner, row("o", ["override:owner"])).devices).toBe(true);
    expect(rowActions(moderator, row("u", ["website:view"])).devices).toBe(false);
  });

  it("the owner may manage an admin", () => {
    expect(rowActions(owner, row("a", admin.permissions)).delete).toBe(true);
    expect(hasAnyAction(rowActions(owner, row("a", admin.permissions)))).toBe(true);
    expect(hasAnyAction(NO_ACTIONS)).toBe(false);
  });
});
