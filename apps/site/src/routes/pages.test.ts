import { describe, expect, it } from "vitest";
import { LoginPage, NotFoundPage, ProjectPage, pageForPath } from "./pages.ts";
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

  it("shows the project page for a project's address, whatever its case and trailing slash", () => {
    expect(pageForPath("/projects/chat-bot")).toBe(ProjectPage);
    expect(pageForPath("/Projects/Chat-Bot/")).toBe(ProjectPage);
  });

  it("shows the 404 page for an address under /projects/ that no slug can have", () => {
    expect(pageForPath("/projects/")).toBe(NotFoundPage);
    expect(pageForPath("/projects/chat_bot")).toBe(NotFoundPage);
    expect(pageForPath("/projects/chat-bot/more")).toBe(NotFoundPage);
  });
});
