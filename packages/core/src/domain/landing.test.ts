import { describe, expect, it } from "vitest";
import { ADMIN_PANEL_PATH, landingFor, landingPath } from "./landing.ts";

describe("where a logged-in user belongs", () => {
  it("staff with website:admin:view: the admin panel", () => {
    expect(landingPath({ kind: "user", id: "m", permissions: ["website:view", "website:admin:view"] })).toBe(
      ADMIN_PANEL_PATH,
    );
    expect(landingPath({ kind: "user", id: "o", permissions: ["override:owner"] })).toBe("/admin/settings");
  });

  it("anyone else: the home page", () => {
    expect(landingPath({ kind: "user", id: "u", permissions: ["website:view"] })).toBe("/");
    expect(landingPath({ kind: "anonymous" })).toBe("/");
  });

  it("from the policy's answer to admin.view, the same two places", () => {
    expect(landingFor(true)).toBe(ADMIN_PANEL_PATH);
    expect(landingFor(false)).toBe("/");
  });
});
