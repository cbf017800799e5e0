import { DEFAULT_ROLES } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { REMOVAL_ON_WEBSITE, removalConfirmation, removalRefusal } from "./second-factor-removal.ts";

const admin = { id: "admin", permissions: DEFAULT_ROLES.admin.permissions };
const moderator = { id: "mod", permissions: DEFAULT_ROLES.moderator.permissions };
const reader = { _id: "reader", permissions: DEFAULT_ROLES.user.permissions };
const owner = { _id: "owner", permissions: ["override:owner"] };

// docs/security.md, promise 30: a lost phone is recoverable by staff with users:permissions, never for the owner.
describe("'Remove second factors' on a user", () => {
  it("is offered to staff with users:permissions in a browser", () => {
    expect(removalRefusal(admin, reader, "session")).toBeNull();
  });

  it("is refused to staff without users:permissions, with the server's words", () => {
    expect(removalRefusal(moderator, reader, "session")).toBe(
      "You do not have permission to remove a user's two-factor authentication.",
    );
  });

  it("never touches the owner's", () => {
    expect(removalRefusal(admin, owner, "session")).toBe(
      "You cannot remove the two-factor authentication of the owner.",
    );
  });

  it("sends you to Account security for your own", () => {
    expect(removalRefusal(admin, { _id: "admin", permissions: admin.permissions }, "session")).toBe(
      "You cannot remove the two-factor authentication of your own account here.",
    );
  });

  it("is done on the website, not in the desktop app", () => {
    expect(removalRefusal(admin, reader, "device")).toBe(REMOVAL_ON_WEBSITE);
  });

  it("asks first, naming everything it removes", () => {
    expect(removalConfirmation("ann").message).toBe(
      'Remove every second factor of "ann": their authenticator app, recovery codes and passkeys? Until they set up a new one, their password alone signs them in. They are told by e-mail.',
    );
  });
});
