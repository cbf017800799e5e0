import { DEFAULT_SITE_PROFILE, FALLBACK_PROJECTS } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { SITE_SETTINGS, settingsWith } from "../settings/site-settings.ts";
import { DEFAULT_INITIAL_DATA } from "./default-initial-data.ts";
import { inOrder, isSiteProfile, parseInitialData, serializeInitialData } from "./initial-data.tsx";

describe("initial data embedded in the HTML", () => {
  it("round-trips and cannot close its <script> element", () => {
    const data = {
      projects: [{ ...FALLBACK_PROJECTS[0], title: "</script><script>alert(1)</script>" }],
      order: ["fallback-1"],
      builtAt: "2026-11-21T00:00:00.000Z",
    } as typeof DEFAULT_INITIAL_DATA;
    const text = serializeInitialData(data);
    expect(text).not.toContain("</script>");
    expect(parseInitialData(text)).toEqual(data);
  });
  it("falls back to the built-in list when missing or broken", () => {
    expect(parseInitialData(null, DEFAULT_INITIAL_DATA)).toEqual(DEFAULT_INITIAL_DATA);
    expect(parseInitialData("{oops", DEFAULT_INITIAL_DATA)).toEqual(DEFAULT_INITIAL_DATA);
    expect(parseInitialData("{}", DEFAULT_INITIAL_DATA).projects).toHaveLength(14);
  });
  it("asks for the built-in defaults only when the block needs them", () => {
    expect(parseInitialData(null)).toBeUndefined();
    expect(parseInitialData("{oops")).toBeUndefined();
    expect(parseInitialData(JSON.stringify({ projects: [] }))).toBeUndefined();
    const complete = { projects: [], order: [], builtAt: "2026-11-21T00:00:00.000Z" };
    expect(parseInitialData(JSON.stringify(complete))).toEqual(complete);
  });
});

describe("inOrder", () => {
  it("arranges projects by id, skipping unknown ids and keeping new projects", () => {
    const [a, b, c] = FALLBACK_PROJECTS;
    if (!a || !b || !c) throw new Error("fixture");
    expect(inOrder([a, b, c], [c._id, "gone", a._id]).map((p) => p._id)).toEqual([c._id, a._id, b._id]);
  });
});

describe("the owner's profile in the HTML", () => {
  it("carries a built-time profile and drops a malformed one", () => {
    const profile = { ...DEFAULT_SITE_PROFILE, ownerName: "Sam Doe" };
    const data = { ...DEFAULT_INITIAL_DATA, profile };
    expect(parseInitialData(serializeInitialData(data), DEFAULT_INITIAL_DATA).profile).toEqual(profile);
    const broken = JSON.stringify({ ...DEFAULT_INITIAL_DATA, profile: { ownerName: 3 } });
    expect(parseInitialData(broken, DEFAULT_INITIAL_DATA).profile).toBeUndefined();
    expect(isSiteProfile({ ...profile, socialLinks: [{ name: "GitHub" }] })).toBe(false);
  });

  it("settings take the defaults from the core profile, and a fetched profile over them", () => {
    expect(SITE_SETTINGS).toMatchObject(DEFAULT_SITE_PROFILE);
    const settings = settingsWith({ ...DEFAULT_SITE_PROFILE, businessEmail: "hi@example.test" });
    expect(settings.businessEmail).toBe("hi@example.test");
    expect(settings.siteUrl).toBe(SITE_SETTINGS.siteUrl);
    expect(settingsWith(undefined)).toBe(SITE_SETTINGS);
  });
});
