import { describe, expect, it } from "vitest";
import { auditChanges, describeAuditAction, fieldLabel, formatAuditValue } from "./audit-format.ts";

const entry = (action: string, details: Record<string, unknown>, targetId: string | null = "id") => ({
  action,
  details,
  targetId,
});

describe("audit log in words", () => {
  it("describes each kind of action", () => {
    expect(describeAuditAction(entry("project.create", { after: { title: "Bot" } }))).toBe('created project "Bot"');
    expect(describeAuditAction(entry("project.edit", { title: "Bot", before: {}, after: {} }))).toBe(
      'edited project "Bot"',
    );
    expect(describeAuditAction(entry("project.delete", { before: { title: "Bot" } }))).toBe('deleted project "Bot"');
    expect(describeAuditAction(entry("user.edit", { username: "ann" }))).toBe('edited user "ann"');
    expect(describeAuditAction(entry("user.activate", { username: "ann" }))).toBe('activated user "ann"');
    expect(describeAuditAction(entry("user.delete", { before: { username: "ann" } }))).toBe('deleted user "ann"');
    expect(describeAuditAction(entry("user.password_reset_requested", { username: "ann" }))).toBe(
      'sent a password reset e-mail to "ann"',
    );
    expect(describeAuditAction(entry("role.edit", { updatedUsers: 1 }, "moderator"))).toBe(
      "changed the permissions of the Moderator role (1 user updated)",
    );
    expect(describeAuditAction(entry("settings.edit", {}))).toBe("changed the site profile");
    expect(describeAuditAction(entry("token.issued", { kind: "device", name: "Laptop" }))).toBe(
      'connected the desktop app "Laptop"',
    );
    expect(describeAuditAction(entry("token.revoked", { kind: "device", name: "Laptop" }))).toBe(
      'revoked the desktop app token "Laptop"',
    );
    expect(describeAuditAction(entry("something.new", {}))).toBe("something.new");
  });

  it("names a login refused to a deactivated account", () => {
    expect(describeAuditAction(entry("auth.login_refused", { username: "ann", reason: "deactivated" }))).toBe(
      'tried to log in to the deactivated account "ann"',
    );
  });

  it("names a login refused to an account not activated yet", () => {
    expect(describeAuditAction(entry("auth.login_refused", { username: "ann", reason: "not_activated" }))).toBe(
      'tried to log in to "ann", not activated yet',
    );
  });

  it("names a link request for a deactivated account, for which no mail left", () => {
    expect(describeAuditAction(entry("auth.forgot_password", { username: "ann", reason: "deactivated" }))).toBe(
      'asked for a link for the deactivated account "ann"; none was sent',
    );
  });

  it("says the first start created the owner, not that it edited them", () => {
    const created = entry("user.edit", { after: { username: "owner" }, created: true });
    expect(describeAuditAction(created)).toBe('created user "owner"');
  });

  it("says a visitor's sign-up had the activation link mailed to the new account", () => {
    const signup = {
      ...entry("token.issued", { kind: "activation", reason: "signup", username: "ann" }),
      actorId: null,
    };
    expect(describeAuditAction(signup)).toBe('signed up; an activation link was mailed to "ann"');
  });

  it("says a visitor asked for a reset link, mailed to the account", () => {
    const asked = { ...entry("token.issued", { kind: "reset", username: "ann" }), actorId: null };
    expect(describeAuditAction(asked)).toBe('asked for a password reset link; it was mailed to "ann"');
  });

  it("says staff mailed the user the link", () => {
    const mailed = { ...entry("token.issued", { kind: "activation", username: "ann" }), actorId: "staff-id" };
    expect(describeAuditAction(mailed)).toBe('mailed "ann" an activation link');
  });

  it("names the account in older entries that recorded no username", () => {
    const older = { ...entry("token.issued", { kind: "activation" }), actorId: null };
    expect(describeAuditAction(older)).toBe("asked for an activation link; it was mailed to the account");
  });

  it("names the user whose device token staff revoked", () => {
    expect(describeAuditAction(entry("token.revoked", { kind: "device", name: "Laptop", username: "ann" }))).toBe(
      'revoked the desktop app token "Laptop" of "ann"',
    );
  });

  it("names the user whose browser session staff ended", () => {
    expect(describeAuditAction(entry("session.ended", { username: "ann", userAgent: "Firefox" }))).toBe(
      'ended a session of "ann"',
    );
  });

  it("counts the sessions a 'Log out everywhere else' ended", () => {
    expect(describeAuditAction(entry("session.ended_others", { ended: 1 }))).toBe(
      "logged out everywhere else (1 other session ended)",
    );
    expect(describeAuditAction(entry("session.ended_others", { ended: 3 }))).toBe(
      "logged out everywhere else (3 other sessions ended)",
    );
  });

  it("lists the before/after of changed fields", () => {
    expect(
      auditChanges({
        details: { before: { isArchived: false, tags: ["A"] }, after: { isArchived: true, tags: ["A", "B"] } },
      }),
    ).toEqual([
      { field: "Archived", before: "No", after: "Yes" },
      { field: "Tags", before: "A", after: "A, B" },
    ]);
    expect(auditChanges({ details: { after: { _id: "x", title: "T", github: undefined } } })).toEqual([
      { field: "Title", before: undefined, after: "T" },
      { field: "Code link", before: undefined, after: "(none)" },
    ]);
    expect(auditChanges({ details: { username: "x" } })).toEqual([]);
  });

  it("formats values and labels", () => {
    expect(formatAuditValue([{ name: "GitHub", url: "https://x" }])).toBe("GitHub");
    expect(formatAuditValue([])).toBe("(none)");
    expect(formatAuditValue(null)).toBe("(none)");
    expect(fieldLabel("someField")).toBe("Some field");
    expect(fieldLabel("ownerName")).toBe("Display name");
  });
});

// docs/security.md, promise 30: every second-factor entry in words; the account is named, whoever acted is the actor column.
describe("history and trash entries in the audit log", () => {
  it("says which version a project restore brought back", () => {
    const restore = entry("project.restore", { title: "Bot", restoredVersion: 3, before: {}, after: {} });
    expect(describeAuditAction(restore)).toBe('restored project "Bot" to version 3');
  });

  it("says which version a site profile restore brought back", () => {
    expect(describeAuditAction(entry("settings.restore", { restoredVersion: 2 }))).toBe(
      "restored the site profile to version 2",
    );
  });

  it("calls the site profile's version 0 the built-in one", () => {
    expect(describeAuditAction(entry("settings.restore", { restoredVersion: 0 }))).toBe(
      "restored the site profile to the built-in one (version 0)",
    );
  });

  it("says which version a role restore brought back, and how many users it updated", () => {
    const restore = entry("role.restore", { restoredVersion: 1, updatedUsers: 2, usernames: ["a", "b"] }, "moderator");
    expect(describeAuditAction(restore)).toBe("restored the Moderator role to version 1 (2 users updated)");
  });

  it("says a project came back from the trash", () => {
    const untrash = entry("project.untrash", { title: "Bot", deletedAt: "2026-11-20T10:00:00.000Z", deletedBy: "ann" });
    expect(describeAuditAction(untrash)).toBe('restored project "Bot" from the trash');
  });

  it("says someone deleted a project from the trash for good", () => {
    expect(describeAuditAction(entry("trash.purge", { title: "Bot", deletedBy: "ann" }))).toBe(
      'deleted project "Bot" from the trash for good',
    );
  });

  it("says housekeeping purged a project whose time in the trash ran out", () => {
    expect(describeAuditAction(entry("trash.purge", { title: "Bot", deletedBy: "ann", expired: true }))).toBe(
      'purged project "Bot" from the trash when its time there ran out',
    );
  });
});

describe("second-factor entries in the audit log", () => {
  it("says an authenticator app was set up", () => {
    expect(describeAuditAction(entry("second_factor.totp_enabled", { username: "ann" }))).toBe(
      'set up an authenticator app as a second factor for "ann"',
    );
  });

  it("says the account's own removal of its authenticator app took the recovery codes with it", () => {
    expect(describeAuditAction(entry("second_factor.totp_removed", { username: "ann" }))).toBe(
      'removed the authenticator app of "ann", with its recovery codes',
    );
  });

  it("says new recovery codes replaced the old ones", () => {
    expect(describeAuditAction(entry("second_factor.recovery_codes_renewed", { username: "ann" }))).toBe(
      'made new recovery codes for "ann"; the old ones no longer work',
    );
  });

  it("says a recovery code was used to sign in, and how many are left", () => {
    expect(describeAuditAction(entry("second_factor.recovery_code_used", { username: "ann", left: 9 }))).toBe(
      'used a recovery code to sign in to "ann" (9 codes left)',
    );
    expect(describeAuditAction(entry("second_factor.recovery_code_used", { username: "ann", left: 1 }))).toBe(
      'used a recovery code to sign in to "ann" (1 code left)',
    );
  });

  it("names the passkey added", () => {
    expect(describeAuditAction(entry("second_factor.passkey_added", { username: "ann", name: "Laptop" }))).toBe(
      'added the passkey "Laptop" to "ann"',
    );
  });

  it("names the passkey the account removed", () => {
    expect(describeAuditAction(entry("second_factor.passkey_removed", { username: "ann", name: "Laptop" }))).toBe(
      'removed the passkey "Laptop" from "ann"',
    );
  });

  it("says staff removed every second factor of a user", () => {
    expect(describeAuditAction(entry("second_factor.removed_by_staff", { username: "ann", by: "admin" }))).toBe(
      'removed every second factor of "ann" (authenticator app, recovery codes and passkeys)',
    );
  });

  it("counts a wrong second-factor code against the five tries", () => {
    expect(describeAuditAction(entry("second_factor.failed", { failures: 2 }))).toBe(
      "entered a wrong second-factor code (2 of 5 tries)",
    );
  });

  it("says an account's second step was paused after too many wrong codes", () => {
    expect(describeAuditAction(entry("second_factor.paused", { username: "ann" }))).toBe(
      'entered too many wrong second-factor codes for "ann": its second step is paused for up to an hour',
    );
  });

  it("says the owner turned the staff requirement on", () => {
    expect(describeAuditAction(entry("settings.security", { requireSecondFactorForStaff: true }))).toBe(
      "required a second factor of every staff member",
    );
  });

  it("says the owner turned the staff requirement off", () => {
    expect(describeAuditAction(entry("settings.security", { requireSecondFactorForStaff: false }))).toBe(
      "stopped requiring a second factor of staff",
    );
  });

  it("names the second factor a login passed", () => {
    expect(describeAuditAction(entry("auth.login", { secondFactor: "totp" }))).toBe(
      "logged in with an authenticator code",
    );
    expect(describeAuditAction(entry("auth.login", { secondFactor: "passkey" }))).toBe("logged in with a passkey");
    expect(describeAuditAction(entry("auth.login", {}))).toBe("logged in");
  });
});
