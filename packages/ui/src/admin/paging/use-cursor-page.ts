/**
 * Loads one page for a query (a filter, a sort, a cursor), again whenever the query changes. Only the
 * answer to the latest request is shown: a slower answer to an earlier keystroke or click is discarded.
 */
import { useCallback, useEffect, useRef, useState } from "react";

export interface CursorPageState<A> {
  /** The latest answer; kept while the next one loads, so the table does not blink between pages. */
  answer: A | undefined;
  error: unknown;
  loading: boolean;
  /** The answer shown is the one to the query asked for now (not one still on its way). */
  settled: boolean;
  /** Loads the same page again (after a change, or 'Try again'); resolves when it has arrived. */
  reload: () => Promise<void>;
}

/** `load` is called with `query`; the query is compared by its JSON, so a new object of the same query is the same page. */
export function useCursorPage<Q, A>(load: (query: Q) => Promise<A>, query: Q): CursorPageState<A> {
  const sequence = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const key = JSON.stringify(query);
  const [state, setState] = useState<{ answer?: A; error: unknown; loading: boolean; key?: string }>({
    error: undefined,
    loading: true,
  });

  const reload = useCallback(async () => {
    const ticket = ++sequence.current;
    setState((s) => ({ ...s, loading: true }));
    try {
      const answer = await loadRef.current(JSON.parse(key) as Q);
      if (ticket === sequence.current) setState({ answer, error: undefined, loading: false, key });
    } catch (error) {
      if (ticket === sequence.current) setState((s) => ({ ...s, error, loading: false }));
    }
  }, [key]);

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
