import { DEFAULT_ROLES } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { capabilitySummary } from "./capability-summary.ts";

describe("the admin panel's subtitle: what the viewer can do", () => {
  it("the owner can do everything", () => {
    expect(capabilitySummary(["override:owner"])).toBe(
      "You can see the dashboard; manage and delete users; set permissions; edit roles; create, edit and delete projects; change the site profile; and connect Twitch.",
    );
  });

  it("an administrator manages users, roles and projects but not the site", () => {
    expect(capabilitySummary(DEFAULT_ROLES.admin.permissions)).toBe(
      "You can see the dashboard; manage and delete users; set permissions; edit roles; and create, edit and delete projects.",
    );
  });

  it("a moderator only sees", () => {
    expect(capabilitySummary(DEFAULT_ROLES.moderator.permissions)).toBe(
      "You can see the dashboard, users and projects. Only your own account is yours to change here.",
    );
  });

  it("a custom set reads from its permissions, not from a role name", () => {
    expect(capabilitySummary(["website:view", "website:admin:view", "projects:view", "projects:create"])).toBe(
      "You can see the dashboard and projects, and create projects.",
    );
    expect(
      capabilitySummary(["website:view", "website:admin:view", "projects:view", "projects:edit", "projects:delete"]),
    ).toBe("You can see the dashboard and projects, and edit and delete projects.");
  });
});
