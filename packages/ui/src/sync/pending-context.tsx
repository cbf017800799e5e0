/**
 * Which entities have a local change waiting to be synced (the desktop app's outbox), so a row can show
 * 'Not synced'. Optional: the web never provides it, and then every row reads as synced.
 */
import { createContext, type ReactNode, useContext, useMemo } from "react";

const PendingChangesContext = createContext<ReadonlySet<string> | null>(null);

export const NOT_SYNCED_LABEL = "Not synced";

export function PendingChangesProvider({ ids, children }: { ids: readonly string[]; children: ReactNode }) {
  // A new Set only when the ids really change, so rows re-render only then (the app polls every 2 s).
  const key = ids.join("\n");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the content of `ids`.
  const set = useMemo(() => new Set(ids), [key]);
  return <PendingChangesContext.Provider value={set}>{children}</PendingChangesContext.Provider>;
}

/** Whether the entity with this id has a change waiting; false where no provider is mounted (the web). */
export function usePendingChange(id: string): boolean {
  return useContext(PendingChangesContext)?.has(id) ?? false;
}
