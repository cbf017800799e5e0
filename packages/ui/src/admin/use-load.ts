/**
 * Loads data for a tab: loading, error and data, and `reload()` to refetch after a change (the panel
 * never updates optimistically; it shows what the server answers). Earlier data stays while reloading.
 */
import { useCallback, useEffect, useRef, useState } from "react";

export interface LoadState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Resolves once the refetch has finished (either way). */
  reload: () => Promise<void>;
}

export function useLoad<T>(load: () => Promise<T>): LoadState<T> {
  const loadRef = useRef(load);
  loadRef.current = load;
  const sequence = useRef(0);
  const mounted = useRef(true);
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: true,
  });

  const reload = useCallback(async () => {
    const id = ++sequence.current;
    setState((s) => ({ ...s, loading: true }));
    try {
      const data = await loadRef.current();
      if (mounted.current && id === sequence.current) setState({ data, error: undefined, loading: false });
    } catch (error) {
      if (mounted.current && id === sequence.current) setState((s) => ({ data: s.data, error, loading: false }));
    }
  }, []);

  useEffect(() => {
    mounted.current = true;
    void reload();
    return () => {
      mounted.current = false;
    };
  }, [reload]);

  return { ...state, reload };
}
