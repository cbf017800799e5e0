import { DEFAULT_ROLES } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { sectionFromHash, sectionHash, visibleSections } from "./settings-sections.ts";

describe("settings sections", () => {
  it("Twitch and Security are the owner's alone; everyone in the panel sees the others", () => {
    expect(visibleSections(["override:owner"])).toEqual(["roles", "site", "twitch", "security", "account", "sessions"]);
    expect(visibleSections(DEFAULT_ROLES.admin.permissions)).toEqual(["roles", "site", "account", "sessions"]);
  });

  it("opens the owner's Security section at '#settings/security', and no one else's", () => {
    expect(sectionFromHash("#settings/security", visibleSections(["override:owner"]))).toBe("security");
    expect(sectionFromHash("#settings/security", visibleSections(DEFAULT_ROLES.admin.permissions))).toBe("roles");
  });

  it("reads the section from '#settings/<section>', and '#settings' alone opens the first", () => {
    const visible = visibleSections(DEFAULT_ROLES.moderator.permissions);
    expect(sectionFromHash("#settings/sessions", visible)).toBe("sessions");
    expect(sectionFromHash("#settings/Site", visible)).toBe("site");
    expect(sectionFromHash("#settings", visible)).toBe("roles");
    expect(sectionFromHash("#settings/twitch", visible)).toBe("roles");
    expect(sectionHash("account")).toBe("#settings/account");
  });
});
