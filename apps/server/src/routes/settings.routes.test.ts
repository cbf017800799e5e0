import { DEFAULT_SITE_PROFILE, type SiteProfile } from "@portfolio/core/domain";
import type { RoleAccounts } from "@portfolio/testing/server/accounts.ts";
import { serverWithAccounts } from "@portfolio/testing/server/server-with-accounts.ts";
import type { TestServer } from "@portfolio/testing/server/test-server.ts";
import { describe, expect, it } from "vitest";

let server: TestServer;
let accounts: RoleAccounts;
serverWithAccounts((started) => ({ server, accounts } = started));

const edited: SiteProfile = {
  ...DEFAULT_SITE_PROFILE,
  ownerName: "Sam Rivera",
  birthDate: "2001-03-09",
  businessEmail: "hello@samrivera.dev",
  socialLinks: [{ name: "GitHub", url: "https://github.com/samrivera", handle: "@samrivera" }],
};

describe("GET /api/settings/profile", () => {
  it("answers the default profile to anyone before the owner edits it", async () => {
    const res = await server.client().get("/api/settings/profile");
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DEFAULT_SITE_PROFILE);
  });
});

describe("PATCH /api/admin/settings/profile", () => {
  it("lets the owner change the profile that the public site reads", async () => {
    const res = await accounts.as.owner.patch("/api/admin/settings/profile", edited);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(edited);
    expect((await server.client().get("/api/settings/profile")).body).toEqual(edited);
  });

  it.each(["admin", "moderator", "user"] as const)("refuses the %s", async (who) => {
    const res = await accounts.as[who].patch("/api/admin/settings/profile", edited);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "Only the owner can change the site profile." });
    expect((await server.client().get("/api/settings/profile")).body).toEqual(DEFAULT_SITE_PROFILE);
  });

  it.each([
    [{ ...edited, birthDate: "2001-02-30" }, "Birth date must be a real date in the past."],
    [{ ...edited, birthDate: "3000-01-01" }, "Birth date must be a real date in the past."],
    [{ ...edited, birthDate: "9 March 2001" }, "Birth date must be a date (YYYY-MM-DD)."],
    [{ ...edited, businessEmail: "nope" }, "Business email must be a valid email address."],
    [{ ...edited, ownerName: " " }, "Display name is required."],
    [
      { ...edited, socialLinks: [{ name: "GitHub", url: "javascript:alert(1)", handle: "x" }] },
      "Social link URL must be an http(s) URL.",
    ],
  ])("refuses bad input with a message naming the field (%#)", async (body, error) => {
    const res = await accounts.as.owner.patch("/api/admin/settings/profile", body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  });
});
