/**
 * The desktop's state (mode, online, changes waiting, ...), polled from main every 2 s: there is no push
 * channel. `refresh()` asks at once (after any write); `apply(state)` takes the state a desktop
 * operation answered. Both are stable, so a client built on them is built once.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { DesktopState } from "../shared/desktop-operations.ts";
import type { DesktopClient } from "./desktop-client.ts";

export const POLL_MS = 2_000;

export interface DesktopStateHandle {
  state: DesktopState | undefined;
  /** Why the last poll failed (cleared by the next answer). */
  error: unknown;
  refresh: () => Promise<void>;
  apply: (state: DesktopState) => void;
}

export function useDesktopState(client: DesktopClient): DesktopStateHandle {
  const [state, setState] = useState<DesktopState | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const clientRef = useRef(client);
  clientRef.current = client;
  const sequence = useRef(0);

  const apply = useCallback((next: DesktopState) => {
    // A later answer wins over a poll that was already under way.
    sequence.current++;
    setState(next);
    setError(undefined);
  }, []);

  const refresh = useCallback(async () => {
    const id = ++sequence.current;
    try {
      const next = await clientRef.current.call("desktop.state", {});
      if (id === sequence.current) {
        setState(next);
        setError(undefined);
      }
    } catch (failure) {
      if (id === sequence.current) setError(failure);
    }
  }, []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = async () => {
      await refresh();
      if (!stopped) timer = setTimeout(tick, POLL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [refresh]);

  return { state, error, refresh, apply };
}
