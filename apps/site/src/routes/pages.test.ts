import { describe, expect, it } from "vitest";
import { LoginPage, NotFoundPage, pageForPath } from "./pages.ts";
import { ROUTE_META } from "./route-meta.ts";

describe("the page of a path", () => {
  it("shows every prerendered route's own page: Home for /, a code-split page for the others", () => {
    for (const { path } of ROUTE_META) {
      const page = pageForPath(path);
      if (path === "/") expect(page).toBeNull();
      else if (path === "/404") expect(page).toBe(NotFoundPage);
      else expect(page === null || page === NotFoundPage).toBe(false);
    }
  });

  it("matches a path whatever its case and trailing slashes", () => {
    expect(pageForPath("/Login/")).toBe(LoginPage);
    expect(pageForPath("//")).toBeNull();
  });

  it("shows the 404 page for any other path, names of Object's own properties too", () => {
    expect(pageForPath("/nope")).toBe(NotFoundPage);
    expect(pageForPath("/toString")).toBe(NotFoundPage);
  });
});
