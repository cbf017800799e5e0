/**
 * Loads one page of the Users tab for a filter and a cursor, again whenever either changes (the shared
 * keyset pager: only the answer to the latest request is shown).
 */
import type { AdminUsersAnswer } from "@portfolio/core/domain";
import type { ApiClient } from "../../api/api-client.ts";
import { type CursorPageState, useCursorPage } from "../paging/use-cursor-page.ts";
import { type UsersFilter, usersPageQuery } from "./users-list.ts";

export type UsersPageState = CursorPageState<AdminUsersAnswer>;

export function useUsersPage(api: ApiClient, filter: UsersFilter, cursor: string | undefined): UsersPageState {
  return useCursorPage((query) => api.call("users.list", query), usersPageQuery(filter, cursor));
}
