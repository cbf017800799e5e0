/** The policy in the spec's words (section 6), one rule per test. */
import { describe, expect, it } from "vitest";
import { DEFAULT_ROLES } from "../roles.ts";
import { decide } from "./decide.ts";

const user = (id: string, permissions: string[]) => ({ kind: "user" as const, id, permissions });
const owner = user("o", ["override:owner"]);
const admin = user("a", DEFAULT_ROLES.admin.permissions);
const moderator = user("m", DEFAULT_ROLES.moderator.permissions);
const custom = user("c", ["website:view", "website:admin:view", "users:view", "users:edit"]);
const target = (id: string, permissions: string[], isActive = true) => ({ id, permissions, isActive });

describe("decide", () => {
  it("lets anyone do a public action and nobody logged out do anything else", () => {
    expect(decide({ kind: "anonymous" }, "public")).toEqual({ allowed: true });
    expect(decide({ kind: "anonymous" }, "account.use")).toMatchObject({ allowed: false, reason: "unauthenticated" });
  });

  it("needs the named permission, or override:owner", () => {
    expect(decide(moderator, "projects.create")).toEqual({
      allowed: false,
      reason: "forbidden",
      message: "You do not have permission to create projects.",
    });
    expect(decide(owner, "projects.create").allowed).toBe(true);
    expect(decide(admin, "projects.create").allowed).toBe(true);
  });

  it("never lets an admin act on themselves or on an owner", () => {
    expect(decide(admin, "users.edit", target("a", admin.permissions))).toMatchObject({
      message: "You cannot edit your own account here.",
    });
    expect(decide(admin, "users.delete", target("o", ["override:owner"]))).toMatchObject({
      message: "You cannot delete the owner.",
    });
  });

  it("never lets a partial admin act on a user who holds more", () => {
    expect(decide(custom, "users.edit", target("x", admin.permissions))).toMatchObject({
      message: "You cannot edit a user who holds permissions you do not have.",
    });
    expect(decide(custom, "users.edit", target("x", ["website:view"])).allowed).toBe(true);
  });

  it("offers a password reset to yourself, never for an owner or an inactive user", () => {
    expect(decide(admin, "users.resetPassword", target("a", admin.permissions)).allowed).toBe(true);
    expect(decide(owner, "users.resetPassword", target("o", ["override:owner"]))).toMatchObject({
      message: "You cannot reset the password of the owner.",
    });
    expect(decide(admin, "users.resetPassword", target("x", ["website:view"], false))).toMatchObject({
      message: "You cannot reset the password of an inactive user.",
    });
  });

  it("never changes the e-mail address of a deactivated account, saying to reactivate it first", () => {
    expect(decide(admin, "users.email", { ...target("x", ["website:view"], false), deactivated: true })).toEqual({
      allowed: false,
      reason: "forbidden",
      message:
        "This account is deactivated: reactivate it before changing its e-mail address, so no mail goes to it meanwhile.",
    });
    expect(decide(admin, "users.email", target("x", ["website:view"], false)).allowed).toBe(true);
  });

  it("lets staff who may invite send an invitation again, under the edit rule", () => {
    expect(decide(admin, "users.invitation.resend", target("x", ["website:view"], false)).allowed).toBe(true);
    expect(decide(moderator, "users.invitation.resend", target("x", ["website:view"], false))).toMatchObject({
      message: "You do not have permission to invite users.",
    });
    expect(decide(custom, "users.invitation.resend", target("x", admin.permissions, false))).toMatchObject({
      message: "You cannot resend the invitation of a user who holds permissions you do not have.",
    });
  });

  it("lets staff with users:edit manage a user's device tokens, and their own", () => {
    expect(decide(admin, "users.devices", target("x", ["website:view", "website:admin:view"])).allowed).toBe(true);
    expect(decide(admin, "users.devices", target("a", admin.permissions)).allowed).toBe(true);
    expect(decide(moderator, "users.devices", target("x", ["website:view"]))).toMatchObject({
      message: "You do not have permission to edit users.",
    });
  });

  it("keeps the owner's device tokens the owner's alone", () => {
    expect(decide(admin, "users.devices", target("o", ["override:owner"]))).toMatchObject({
      message: "Only the owner can manage the owner's devices.",
    });
    expect(decide(owner, "users.devices", target("o", ["override:owner"])).allowed).toBe(true);
    expect(decide(owner, "users.devices", target("a", admin.permissions)).allowed).toBe(true);
  });

  it("never lets a partial admin manage the devices of a user who holds more", () => {
    expect(decide(custom, "users.devices", target("x", admin.permissions))).toMatchObject({
      message: "You cannot manage the devices of a user who holds permissions you do not have.",
    });
  });

  it("refuses granting override:owner or a permission you do not hold", () => {
    expect(decide(owner, "permissions.change", { before: [], after: ["override:owner"] })).toMatchObject({
      message: "The override:owner permission cannot be granted.",
    });
    const partial = user("p", ["website:admin:view", "users:edit", "users:permissions"]);
    expect(decide(partial, "permissions.change", { before: [], after: ["projects:delete"] })).toMatchObject({
      message: "You cannot grant permissions you do not hold: projects:delete.",
    });
  });

  it("decides a role edit by the same rule as a change to one user's permissions", () => {
    const change = { key: "user" as const, permissions: ["website:view"], before: ["website:view"] };
    expect(decide(custom, "roles.update", { ...change, after: ["website:view", "users:edit"] })).toMatchObject({
      message: "You do not have permission to change user permissions.",
    });
    expect(decide(admin, "roles.update", { ...change, after: ["website:view", "users:edit"] }).allowed).toBe(true);
  });

  it("keeps the owner role unchangeable and the Administrator role the owner's", () => {
    expect(decide(owner, "roles.update", { key: "owner" })).toMatchObject({
      message: "The owner role cannot be changed.",
    });
    expect(decide(admin, "roles.update", { key: "admin" })).toMatchObject({
      message: "Only the owner can change the Administrator role.",
    });
    expect(decide(owner, "roles.update", { key: "admin" }).allowed).toBe(true);
  });

  it("lets only the owner change the site profile and connect Twitch", () => {
    expect(decide(admin, "settings.update")).toMatchObject({ message: "Only the owner can change the site profile." });
    expect(decide(owner, "twitch.connect").allowed).toBe(true);
  });
});

describe("a permission change that changes nothing", () => {
  it("needs nothing, so saving a user's unchanged permissions needs no users:permissions", () => {
    expect(decide(custom, "permissions.change", { before: ["website:view"], after: ["website:view"] }).allowed).toBe(
      true,
    );
    expect(decide(custom, "permissions.change").allowed).toBe(false);
  });
});
