import { describe, expect, it } from "vitest";
import { editableRoleKeys, grantBlockers, isOwner, manageRefusal, permissionsBeyond } from "./admin-rules.ts";
import { DEFAULT_ROLES } from "./roles.ts";

const admin = { id: "a", permissions: DEFAULT_ROLES.admin.permissions };
const owner = { id: "o", permissions: DEFAULT_ROLES.owner.permissions };

describe("who may grant what", () => {
  it("lists only added permissions the granter does not hold", () => {
    expect(grantBlockers(["website:view"], ["users:delete"], ["users:delete", "website:view"])).toEqual([]);
    expect(grantBlockers(["website:view"], [], ["users:delete"])).toEqual(["users:delete"]);
  });

  it("always lists override:owner, even for the owner", () => {
    expect(grantBlockers(["override:owner"], [], ["override:owner", "users:delete"])).toEqual(["override:owner"]);
  });

  it("names the permissions a holder has beyond the viewer", () => {
    expect(permissionsBeyond(["website:view"], ["website:view", "users:view"])).toEqual(["users:view"]);
    expect(permissionsBeyond(["override:owner"], ["users:view", "made:up"])).toEqual([]);
  });
});

describe("who may manage whom", () => {
  it("not yourself", () => {
    expect(manageRefusal(admin, admin)).toBe("self");
  });

  it("not an owner", () => {
    expect(manageRefusal(admin, owner)).toBe("owner");
    expect(isOwner(owner.permissions)).toBe(true);
  });

  it("not a user who holds a permission you lack", () => {
    const partial = { id: "p", permissions: ["website:view", "website:admin:view", "users:view", "users:edit"] };
    expect(manageRefusal(partial, { ...admin, id: "x" })).toBe("holds-more");
  });

  it("anyone else", () => {
    expect(manageRefusal(admin, { id: "m", permissions: DEFAULT_ROLES.moderator.permissions })).toBeNull();
    expect(manageRefusal(owner, admin)).toBeNull();
  });
});

describe("which roles can be edited", () => {
  it("the owner: every role but owner; anyone else: moderator and user", () => {
    expect(editableRoleKeys(owner.permissions)).toEqual(["admin", "moderator", "user"]);
    expect(editableRoleKeys(admin.permissions)).toEqual(["moderator", "user"]);
  });
});
