import { DEFAULT_ROLES } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { NO_ACTIONS, rowActions, rowButtons } from "./user-actions.ts";

const owner = { id: "o", permissions: ["override:owner"] };
const admin = { id: "a", permissions: DEFAULT_ROLES.admin.permissions };
const moderator = { id: "m", permissions: DEFAULT_ROLES.moderator.permissions };
const custom = { id: "c", permissions: ["website:view", "website:admin:view", "users:view", "users:edit"] };
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
      email: true,
      resendInvitation: false,
    });
    expect(rowActions(admin, row("u", ["website:view"]))).toEqual({
      activate: false,
      deactivate: true,
      edit: true,
      delete: true,
      resetPassword: true,
      devices: true,
      email: true,
      resendInvitation: false,
    });
  });

  it("edit and delete are not offered for yourself or an owner; reset never for an owner or inactive user", () => {
    expect(rowActions(admin, row("a", admin.permissions))).toEqual({
      ...NO_ACTIONS,
      resetPassword: true,
      devices: true,
    });
    expect(rowActions(admin, row("o", ["override:owner"]))).toEqual(NO_ACTIONS);
    expect(rowActions(owner, row("o", ["override:owner"]))).toEqual({ ...NO_ACTIONS, devices: true, email: true });
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

  it("offers the e-mail correction under the edit rule, and the owner's address only to the owner", () => {
    expect(rowActions(admin, row("u", ["website:view"], false)).email).toBe(true);
    expect(rowActions(admin, row("a", admin.permissions)).email).toBe(false);
    expect(rowActions(admin, row("o", ["override:owner"])).email).toBe(false);
    expect(rowActions(owner, row("o", ["override:owner"])).email).toBe(true);
    expect(rowActions(moderator, row("u", ["website:view"])).email).toBe(false);
  });

  it("the owner may manage an admin", () => {
    expect(rowActions(owner, row("a", admin.permissions)).delete).toBe(true);
  });
});

describe("rowButtons: the row's buttons keep their places when the status changes", () => {
  const layout = (viewer: typeof admin, target: ReturnType<typeof row>) =>
    rowButtons(viewer, target).map((b) => (b.disabledReason ? `(${b.label})` : b.label));

  it("Activate and Deactivate share one slot; an inactive user's reset stays in place, disabled", () => {
    expect(layout(admin, row("u", ["website:view"]))).toEqual([
      "Edit",
      "Change e-mail",
      "Reset password",
      "Devices",
      "Deactivate",
      "Delete",
    ]);
    expect(layout(admin, row("u", ["website:view"], false))).toEqual([
      "Edit",
      "Change e-mail",
      "(Reset password)",
      "Devices",
      "Activate",
      "Delete",
    ]);
  });

  it("says why the reset is disabled", () => {
    const reset = rowButtons(admin, row("u", ["website:view"], false)).find((b) => b.action === "resetPassword");
    expect(reset?.disabledReason).toBe("A reset link goes only to an active account: activate the user first.");
  });

  it("keeps no slot for what the viewer could do in neither status", () => {
    expect(layout(admin, row("a", admin.permissions))).toEqual(["Reset password", "Devices"]);
    expect(layout(owner, row("o", ["override:owner"]))).toEqual(["Change e-mail", "Devices"]);
    expect(layout(moderator, row("u", ["website:view"], false))).toEqual([]);
  });

  it("keeps 'Change e-mail' in place on a deactivated user's row, disabled, saying to reactivate first", () => {
    const deactivated = { ...row("u", ["website:view"], false), deactivated: true };
    expect(layout(admin, deactivated)).toEqual([
      "Edit",
      "(Change e-mail)",
      "(Reset password)",
      "Devices",
      "Activate",
      "Delete",
    ]);
    expect(rowButtons(admin, deactivated).find((b) => b.action === "email")?.disabledReason).toBe(
      "This account is deactivated: reactivate it before changing its e-mail address, so no mail goes to it meanwhile.",
    );
    expect(rowActions(admin, deactivated).email).toBe(false);
  });

  it("offers 'Resend invitation' in the reset's slot while an invitation waits", () => {
    const invited = { ...row("u", ["website:view"], false), invitationPending: true };
    expect(layout(admin, invited)).toEqual([
      "Edit",
      "Change e-mail",
      "Resend invitation",
      "Devices",
      "Activate",
      "Delete",
    ]);
    expect(layout(moderator, invited)).toEqual([]);
    expect(rowActions(custom, { ...invited, permissions: admin.permissions }).resendInvitation).toBe(false);
  });

  it("styles Activate as the primary action, Deactivate quiet and Delete red", () => {
    const variants = (isActive: boolean) =>
      Object.fromEntries(rowButtons(owner, row("u", ["website:view"], isActive)).map((b) => [b.action, b.variant]));
    expect(variants(false).activate).toBe("primary");
    expect(variants(true).deactivate).toBe("secondary");
    expect(variants(true).delete).toBe("danger");
  });
});
