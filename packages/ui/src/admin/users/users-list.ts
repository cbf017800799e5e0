/**
 * What the Users tab asks the server for and what it says about the answer: one page of at most
 * USERS_PAGE_SIZE users at a time, searched and filtered by the database, so the tab costs the same at 100
 * users as at 100,000. Pure, so the rules are tested without a browser.
 */
import type { UserRoleFilter, UserStatusFilter } from "@portfolio/core/domain";
import type { BoundedUsersQuery } from "../../api/api-client.ts";
import { pageRangeLabel as pageRangeOf, type RowNoun, rowAfterKey } from "../paging/cursor-pages.ts";
import type { RoleSet } from "../user-editor.ts";

/** Rows on one page: a screenful or two, rendered at once without windowing. */
export const USERS_PAGE_SIZE = 50;
/**
 * The pause after a keystroke before the search is sent: long enough to fold a key held down or a burst of
 * fast typing into one request, short enough to leave most of the 150 ms the issue allows between a
 * keystroke and its answer on screen to the request (a few ms at 100,000 users) and the render.
 */
export const SEARCH_DEBOUNCE_MS = 50;

/** The search box and the two filters; '' is 'any'. */
export interface UsersFilter {
  q: string;
  role: UserRoleFilter | "";
  status: UserStatusFilter | "";
}

export const NO_FILTER: UsersFilter = { q: "", role: "", status: "" };

/** The query of one page: `cursor` is the `next` of the page before it (none for the first page). */
export function usersPageQuery(filter: UsersFilter, cursor: string | undefined): BoundedUsersQuery {
  const q = filter.q.trim();
  return {
    limit: USERS_PAGE_SIZE,
    ...(cursor ? { cursor } : {}),
    ...(q ? { q } : {}),
    ...(filter.role ? { role: filter.role } : {}),
    ...(filter.status ? { status: filter.status } : {}),
  };
}

export function isFiltered(filter: UsersFilter): boolean {
  return filter.q.trim() !== "" || filter.role !== "" || filter.status !== "";
}

/** The role filter's choices, with the names the role badges show. */
export function roleFilterOptions(roles: RoleSet): Array<{ value: UserRoleFilter | ""; label: string }> {
  return [
    { value: "", label: "Any role" },
    { value: "owner", label: roles.owner.name },
    { value: "admin", label: roles.admin.name },
    { value: "moderator", label: roles.moderator.name },
    { value: "user", label: roles.user.name },
    { value: "custom", label: "Custom permissions" },
  ];
}

export const STATUS_FILTER_OPTIONS: ReadonlyArray<{ value: UserStatusFilter | ""; label: string }> = [
  { value: "", label: "Any status" },
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive (never activated)" },
  { value: "deactivated", label: "Deactivated" },
];

/** The empty state's title: what was asked that nobody matches. */
export function noMatchMessage(filter: UsersFilter): string {
  const q = filter.q.trim();
  const filtered = filter.role !== "" || filter.status !== "";
  if (q && filtered) return `No users match "${q}" with these filters.`;
  if (q) return `No users match "${q}".`;
  if (filtered) return "No users match these filters.";
  return "No users found";
}

const count = (n: number) => n.toLocaleString("en-US");

const USER_NOUN: RowNoun = { one: "User", many: "Users" };

/** Which users the page shows ('Users 51–100 of 100,000'); without a total (a search), just the range. */
export function pageRangeLabel(pageIndex: number, rows: number, total: number | undefined): string {
  return pageRangeOf(USER_NOUN, USERS_PAGE_SIZE, pageIndex, rows, total);
}

/** The line under the heading: how many accounts (or matches) there are, and the order. */
export function listSummary(total: number | undefined, filtered: boolean): string {
  if (total === undefined) return "Sorted by rank, then username.";
  const noun = filtered ? (total === 1 ? "match" : "matches") : total === 1 ? "account" : "accounts";
  return `${count(total)} ${noun}, sorted by rank, then username.`;
}

export { rowAfterKey };
