import { describe, expect, it } from "vitest";
import { metaForPath, ROUTE_META } from "./route-meta.ts";
import { ROUTE_TITLES, titleForPath } from "./route-titles.ts";

describe("route table", () => {
  it("has one output file per route and every spec route", () => {
    const files = ROUTE_META.map((r) => r.file);
    expect(new Set(files).size).toBe(files.length);
    for (const path of [
      "/",
      "/login",
      "/reset-password",
      "/activate-account",
      "/accept-invitation",
      "/confirm-email",
      "/twitchchatwidget",
      "/twitchcountdownwidget",
      "/twitchcotdwidget",
      "/twitchheartwidget",
      "/playlist-shuffler",
      "/twitch/callback",
      "/twitch/fallback",
      "/calendar",
      "/privacy",
      "/admin/settings",
      "/account",
      "/404",
    ]) {
      expect(ROUTE_META.some((r) => r.path === path)).toBe(true);
    }
  });

  it("keeps the account page out of search engines and the sitemap", () => {
    expect(metaForPath("/account").indexable).toBe(false);
  });

  it("gives titles and descriptions, and the 404 meta for unknown paths", () => {
    for (const route of ROUTE_META) {
      expect(route.title.length).toBeGreaterThan(5);
      expect(route.description.length).toBeGreaterThan(20);
    }
    expect(metaForPath("/login/").path).toBe("/login");
    expect(metaForPath("/nope").path).toBe("/404");
  });

  it("sets the same tab title on navigation as the prerendered page has", () => {
    expect(Object.keys(ROUTE_TITLES).sort()).toEqual(ROUTE_META.map((r) => r.path).sort());
    for (const route of ROUTE_META) expect(titleForPath(route.path)).toBe(route.title);
    expect(titleForPath("/login/")).toBe(metaForPath("/login").title);
    expect(titleForPath("/nope")).toBe(metaForPath("/nope").title);
    expect(titleForPath("/toString")).toBe(metaForPath("/404").title);
  });
});
