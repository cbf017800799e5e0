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
    expect(describeAuditAction(entry("token.issued", { kind: "activation" }))).toBe("issued an activation link");
    expect(describeAuditAction(entry("token.issued", { kind: "device", name: "Laptop" }))).toBe(
      'connected the desktop app "Laptop"',
    );
    expect(describeAuditAction(entry("token.revoked", { kind: "device", name: "Laptop" }))).toBe(
      'revoked the desktop app token "Laptop"',
    );
    expect(describeAuditAction(entry("something.new", {}))).toBe("something.new");
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
