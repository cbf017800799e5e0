/**
 * Loads one page of the Users tab for a filter and a cursor, again whenever either changes. Only the
 * answer to the latest request is shown: a slower answer to an earlier keystroke is discarded.
 */
import type { AdminUsersAnswer } from "@portfolio/core/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ApiClient } from "../../api/api-client.ts";
import { type UsersFilter, usersPageQuery } from "./users-list.ts";

export interface UsersPageState {
  /** The latest answer; kept while the next one loads, so the table does not blink between keystrokes. */
  answer: AdminUsersAnswer | undefined;
  error: unknown;
  loading: boolean;
  /** Loads the same page again (after a change, or 'Try again'); resolves when it has arrived. */
  reload: () => Promise<void>;
}

export function useUsersPage(api: ApiClient, filter: UsersFilter, cursor: string | undefined): UsersPageState {
  const sequence = useRef(0);
  const [state, setState] = useState<Omit<UsersPageState, "reload">>({
    answer: undefined,
    error: undefined,
    loading: true,
  });

  const reload = useCallback(async () => {
    const ticket = ++sequence.current;
    setState((s) => ({ ...s, loading: true }));
    try {
      const answer = await api.getUsersPage(usersPageQuery(filter, cursor));
      if (ticket === sequence.current) setState({ answer, error: undefined, loading: false });
    } catch (error) {
      if (ticket === sequence.current) setState((s) => ({ ...s, error, loading: false }));
    }
  }, [api, filter, cursor]);

  useEffect(() => {
    void reload();
  }, [reload]);

  // An answer arriving after the tab closed is dropped too.
  useEffect(
    () => () => {
      sequence.current++;
    },
    [],
  );

  return { ...state, reload };
}
