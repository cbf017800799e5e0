import { DEFAULT_SITE_PROFILE } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import {
  profileFieldProblem,
  profileFormFrom,
  profileFromForm,
  profileProblem,
  sameProfile,
  setSocialLink,
} from "./site-profile-form.ts";

describe("site profile form", () => {
  it("has one row per network and drops rows without a URL when saving", () => {
    const github = DEFAULT_SITE_PROFILE.socialLinks.filter((l) => l.name === "GitHub");
    const form = profileFormFrom({ ...DEFAULT_SITE_PROFILE, socialLinks: github });
    expect(form.socialLinks.map((l) => l.name)).toEqual(["GitHub", "LinkedIn", "YouTube", "Twitch"]);
    const saved = profileFromForm(setSocialLink(form, "Twitch", "url", " https://twitch.tv/me "));
    expect(saved.socialLinks.map((l) => [l.name, l.url])).toEqual([
      ["GitHub", DEFAULT_SITE_PROFILE.socialLinks[0]?.url],
      ["Twitch", "https://twitch.tv/me"],
    ]);
  });

  it("validates with the server's schema", () => {
    expect(profileProblem(DEFAULT_SITE_PROFILE)).toBeNull();
    expect(profileProblem({ ...DEFAULT_SITE_PROFILE, ownerName: "" })).toBe("Display name is required.");
    expect(profileProblem({ ...DEFAULT_SITE_PROFILE, businessEmail: "nope" })).toBe(
      "Business email must be a valid email address.",
    );
    expect(profileProblem({ ...DEFAULT_SITE_PROFILE, birthDate: "2999-01-01" })).toBe(
      "Birth date must be a real date in the past.",
    );
  });

  it("names the field a problem belongs to, a social link by its network", () => {
    expect(profileFieldProblem({ ...DEFAULT_SITE_PROFILE, businessEmail: "nope" })).toEqual({
      field: "businessEmail",
      message: "Business email must be a valid email address.",
    });
    const links = [DEFAULT_SITE_PROFILE.socialLinks[0], { name: "YouTube" as const, url: "not a url", handle: "" }];
    expect(
      profileFieldProblem({ ...DEFAULT_SITE_PROFILE, socialLinks: links.filter((l) => l !== undefined) })?.field,
    ).toBe("socialLinks.YouTube.url");
  });

  it("compares what would be saved", () => {
    const form = profileFormFrom(DEFAULT_SITE_PROFILE);
    expect(sameProfile(form, DEFAULT_SITE_PROFILE)).toBe(true);
    expect(sameProfile({ ...form, ownerName: `${form.ownerName} ` }, form)).toBe(true);
    expect(sameProfile({ ...form, ownerName: "Someone" }, form)).toBe(false);
  });
});
