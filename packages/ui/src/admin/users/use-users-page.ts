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
  /** The answer shown is the one to the filter and cursor asked for now (not one still on its way). */
  settled: boolean;
  /** Loads the same page again (after a change, or 'Try again'); resolves when it has arrived. */
  reload: () => Promise<void>;
}

export function useUsersPage(api: ApiClient, filter: UsersFilter, cursor: string | undefined): UsersPageState {
  const sequence = useRef(0);
  const [state, setState] = useState<{ answer?: AdminUsersAnswer; error: unknown; loading: boolean; key?: string }>({
    error: undefined,
    loading: true,
  });
  const key = JSON.stringify(usersPageQuery(filter, cursor));

  const reload = useCallback(async () => {
    const ticket = ++sequence.current;
    setState((s) => ({ ...s, loading: true }));
    const asked = usersPageQuery(filter, cursor);
    try {
      const answer = await api.getUsersPage(asked);
      if (ticket === sequence.current)
        setState({ answer, error: undefined, loading: false, key: JSON.stringify(asked) });
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

  return {
    answer: state.answer,
    error: state.error,
    loading: state.loading,
    settled: !state.loading && state.key === key,
    reload,
  };
}
