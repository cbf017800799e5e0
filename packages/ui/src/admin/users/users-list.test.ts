import { usersQuerySchema } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { DEFAULT_ROLE_SET } from "../user-editor.ts";
import {
  listSummary,
  NO_FILTER,
  noMatchMessage,
  pageRangeLabel,
  roleFilterOptions,
  rowAfterKey,
  USERS_PAGE_SIZE,
  usersPageQuery,
} from "./users-list.ts";

describe("the Users tab asks for one page at a time", () => {
  it("asks for the first page of everyone with only a limit", () => {
    expect(usersPageQuery(NO_FILTER, undefined)).toEqual({ limit: USERS_PAGE_SIZE });
  });

  it("continues after the previous page's next, with the same search and filters", () => {
    const query = usersPageQuery({ q: "  ann ", role: "moderator", status: "deactivated" }, "WzEsImFubiJd");
    expect(query).toEqual({
      limit: USERS_PAGE_SIZE,
      cursor: "WzEsImFubiJd",
      q: "ann",
      role: "moderator",
      status: "deactivated",
    });
    // What the tab sends is what the server accepts.
    expect(usersQuerySchema.strict().parse(query)).toEqual(query);
  });

  it("sends no search for a box holding only spaces (the server refuses an empty q)", () => {
    expect(usersPageQuery({ ...NO_FILTER, q: "   " }, undefined)).toEqual({ limit: USERS_PAGE_SIZE });
  });
});

describe("what the tab says about the answer", () => {
  it("names the search and the filters nobody matches", () => {
    expect(noMatchMessage({ ...NO_FILTER, q: "zed " })).toBe('No users match "zed".');
    expect(noMatchMessage({ q: "zed", role: "admin", status: "" })).toBe('No users match "zed" with these filters.');
    expect(noMatchMessage({ ...NO_FILTER, status: "deactivated" })).toBe("No users match these filters.");
    expect(noMatchMessage(NO_FILTER)).toBe("No users found");
  });

  it("shows which rows the page holds, of how many when the server counted them", () => {
    expect(pageRangeLabel(0, 50, 100_000)).toBe("Users 1–50 of 100,000");
    expect(pageRangeLabel(2, 7, 107)).toBe("Users 101–107 of 107");
    expect(pageRangeLabel(1, 50, undefined)).toBe("Users 51–100");
    expect(pageRangeLabel(0, 1, 1)).toBe("User 1 of 1");
    expect(pageRangeLabel(0, 0, 0)).toBe("No users");
  });

  it("counts accounts, or matches when filtered; a search has no count", () => {
    expect(listSummary(100_000, false)).toBe("100,000 accounts, sorted by rank, then username.");
    expect(listSummary(1, false)).toBe("1 account, sorted by rank, then username.");
    expect(listSummary(12, true)).toBe("12 matches, sorted by rank, then username.");
    expect(listSummary(undefined, true)).toBe("Sorted by rank, then username.");
  });

  it("offers the roles by the names the badges show, and custom permissions", () => {
    expect(roleFilterOptions(DEFAULT_ROLE_SET).map((o) => o.label)).toEqual([
      "Any role",
      DEFAULT_ROLE_SET.owner.name,
      "Administrator",
      "Moderator",
      DEFAULT_ROLE_SET.user.name,
      "Custom permissions",
    ]);
  });
});

describe("moving between rows with the keyboard", () => {
  it("goes one row down or up, stopping at the ends; Home and End jump", () => {
    expect(rowAfterKey("ArrowDown", 0, 3)).toBe(1);
    expect(rowAfterKey("ArrowDown", 2, 3)).toBe(2);
    expect(rowAfterKey("ArrowUp", 0, 3)).toBe(0);
    expect(rowAfterKey("ArrowUp", 2, 3)).toBe(1);
    expect(rowAfterKey("Home", 2, 3)).toBe(0);
    expect(rowAfterKey("End", 0, 3)).toBe(2);
    expect(rowAfterKey("Enter", 0, 3)).toBeNull();
    expect(rowAfterKey("ArrowDown", 0, 0)).toBeNull();
  });
});
