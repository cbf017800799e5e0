import { describe, expect, it } from "vitest";
import {
  DEFAULT_ROLES,
  deriveRole,
  matchesRoleExactly,
  membershipFor,
  roleWithSameSet,
  sameRoleSetMessage,
  sortUsersByRank,
} from "./roles.ts";

// Spec section 6, "Roles and their permissions".
const ADMIN = [
  "website:view",
  "website:admin:view",
  "website:projects:edit",
  "projects:view",
  "projects:create",
  "projects:edit",
  "projects:delete",
  "users:view",
  "users:edit",
  "users:delete",
  "users:permissions",
  "analytics:view",
];
const MODERATOR = ["website:view", "website:admin:view", "projects:view", "users:view"];
const USER = ["website:view"];

describe("DEFAULT_ROLES (spec section 6)", () => {
  it("has the keys owner, admin, moderator and user", () => {
    expect(Object.keys(DEFAULT_ROLES).sort()).toEqual(["admin", "moderator", "owner", "user"]);
  });

  it("gives owner exactly override:owner", () => {
    expect(DEFAULT_ROLES.owner.permissions).toEqual(["override:owner"]);
  });

  it("gives admin exactly the 11 admin permissions of the spec and analytics:view", () => {
    expect([...DEFAULT_ROLES.admin.permissions].sort()).toEqual([...ADMIN].sort());
    expect(DEFAULT_ROLES.admin.permissions).toHaveLength(12);
  });

  it("gives moderator exactly website:view, website:admin:view, projects:view, users:view", () => {
    expect([...DEFAULT_ROLES.moderator.permissions].sort()).toEqual([...MODERATOR].sort());
  });

  it("gives user exactly website:view", () => {
    expect(DEFAULT_ROLES.user.permissions).toEqual(USER);
  });

  it("names admin 'Administrator' and moderator 'Moderator'", () => {
    expect(DEFAULT_ROLES.admin.name).toBe("Administrator");
    expect(DEFAULT_ROLES.moderator.name).toBe("Moderator");
  });

  it("every role carries its key, a description and a colour", () => {
    for (const [key, role] of Object.entries(DEFAULT_ROLES)) {
      expect(role.key).toBe(key);
      expect(role.description.trim()).not.toBe("");
      expect(role.color.trim()).not.toBe("");
    }
  });
});

describe("deriveRole (spec section 6 rules)", () => {
  it("is owner when the override is present", () => {
    expect(deriveRole(["override:owner"])).toBe("owner");
  });

  it("is owner when the override is present alongside other permissions", () => {
    expect(deriveRole(["website:view", "override:owner"])).toBe("owner");
    expect(deriveRole([...MODERATOR, "override:owner"])).toBe("owner");
  });

  it("is admin for an exact match of the admin permissions, in any order", () => {
    expect(deriveRole([...ADMIN].reverse())).toBe("admin");
  });

  it("is moderator for an exact match of the moderator permissions", () => {
    expect(deriveRole(MODERATOR)).toBe("moderator");
  });

  it("is user for an exact match of the user permissions", () => {
    expect(deriveRole(USER)).toBe("user");
  });

  it("is the first role whose permissions are all held: moderator permissions plus projects:create give moderator", () => {
    expect(deriveRole([...MODERATOR, "projects:create"])).toBe("moderator");
  });

  it("is the first role whose permissions are all held: admin permissions plus an unknown one give admin", () => {
    expect(deriveRole([...ADMIN, "made:up"])).toBe("admin");
  });

  it("is user when website:view plus something short of moderator is held", () => {
    expect(deriveRole(["website:view", "projects:view"])).toBe("user");
  });

  it("is user when nothing is held", () => {
    expect(deriveRole([])).toBe("user");
  });

  it("is user when the permissions held cover no role", () => {
    expect(deriveRole(["projects:view"])).toBe("user");
  });

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["a string", "override:owner"],
    ["an object", { permissions: ["override:owner"] }],
  ])("is user when the permission set is %s", (_label, permissions) => {
    expect(deriveRole(permissions)).toBe("user");
  });

  it("lets supplied role definitions override the defaults", () => {
    const roles = { moderator: { permissions: ["website:view", "projects:view"] } };
    expect(deriveRole(["website:view", "projects:view"])).toBe("user");
    expect(deriveRole(["website:view", "projects:view"], roles)).toBe("moderator");
    // The default moderator set is no longer an exact match; it now covers the supplied moderator set.
    expect(deriveRole(MODERATOR, roles)).toBe("moderator");
  });

  it("uses supplied role definitions for the exact-match step too", () => {
    const roles = { admin: { permissions: ["website:view", "users:view"] } };
    expect(deriveRole(["website:view", "users:view"], roles)).toBe("admin");
    expect(deriveRole(ADMIN, roles)).toBe("admin");
  });
});

describe("matchesRoleExactly", () => {
  it("is true for each role's exact permission set", () => {
    expect(matchesRoleExactly(["override:owner"])).toBe(true);
    expect(matchesRoleExactly(ADMIN)).toBe(true);
    expect(matchesRoleExactly([...MODERATOR].reverse())).toBe(true);
    expect(matchesRoleExactly(USER)).toBe(true);
  });

  it("is false when the permissions match no role exactly", () => {
    expect(matchesRoleExactly([...MODERATOR, "projects:create"])).toBe(false);
    expect(matchesRoleExactly(["projects:view"])).toBe(false);
    expect(matchesRoleExactly([])).toBe(false);
  });

  it("uses supplied role definitions", () => {
    const roles = { user: { permissions: ["website:view", "projects:view"] } };
    expect(matchesRoleExactly(["website:view", "projects:view"], roles)).toBe(true);
    expect(matchesRoleExactly(USER, roles)).toBe(false);
  });
});

describe("sortUsersByRank", () => {
  it("orders owner, admin, moderator, then others", () => {
    const users = [
      { username: "a-user", permissions: USER },
      { username: "b-moderator", permissions: MODERATOR },
      { username: "c-admin", permissions: ADMIN },
      { username: "d-owner", permissions: ["override:owner"] },
      { username: "e-nothing", permissions: [] },
    ];
    expect(sortUsersByRank(users).map((u) => u.username)).toEqual([
      "d-owner",
      "c-admin",
      "b-moderator",
      "a-user",
      "e-nothing",
    ]);
  });

  it("orders users of the same rank by username, ignoring case", () => {
    const users = [
      { username: "charlie", permissions: USER },
      { username: "Bravo", permissions: USER },
      { username: "alpha", permissions: USER },
      { username: "Zed", permissions: ADMIN },
      { username: "amy", permissions: ADMIN },
    ];
    expect(sortUsersByRank(users).map((u) => u.username)).toEqual(["amy", "Zed", "alpha", "Bravo", "charlie"]);
  });

  it("does not change the input list", () => {
    const users = [
      { username: "b", permissions: USER },
      { username: "a", permissions: ["override:owner"] },
    ];
    sortUsersByRank(users);
    expect(users.map((u) => u.username)).toEqual(["b", "a"]);
  });
});

describe("role membership (explicit, set when a user is saved)", () => {
  it("is owner with the override, else the role whose set equals the permissions exactly, else none", () => {
    expect(membershipFor(["override:owner", "website:view"])).toBe("owner");
    expect(membershipFor([...MODERATOR].reverse())).toBe("moderator");
    expect(membershipFor(USER)).toBe("user");
    expect(membershipFor([...MODERATOR, "projects:create"])).toBeNull();
    expect(membershipFor([])).toBeNull();
  });

  it("follows the stored role sets, not the defaults", () => {
    expect(
      membershipFor(["website:view", "projects:view"], { user: { permissions: ["website:view", "projects:view"] } }),
    ).toBe("user");
    expect(membershipFor(USER, { user: { permissions: ["website:view", "projects:view"] } })).toBeNull();
  });
});

describe("two roles never hold the same set", () => {
  it("names the other role holding exactly that set, in any order", () => {
    expect(roleWithSameSet(DEFAULT_ROLES, "moderator", USER)).toBe("user");
    expect(roleWithSameSet(DEFAULT_ROLES, "user", [...MODERATOR].reverse())).toBe("moderator");
    expect(roleWithSameSet(DEFAULT_ROLES, "moderator", MODERATOR)).toBeNull();
    expect(roleWithSameSet(DEFAULT_ROLES, "moderator", [...MODERATOR, "projects:create"])).toBeNull();
  });

  it("says so in words", () => {
    expect(sameRoleSetMessage("Moderator", "User")).toBe(
      "The Moderator role would have the same permissions as the User role.",
    );
  });
});
