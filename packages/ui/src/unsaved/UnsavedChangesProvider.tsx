/**
 * The panel's guard against losing edits: forms report their dirty state with
 * `useReportUnsaved`, and whatever would drop them (a tab switch, Escape or Close on an editor, an in-app
 * link, logout) runs through `useDiscardGuard`, which asks 'Discard your changes?' in the shared dialog
 * first. Focus starts on 'Keep editing', and Escape keeps editing. With `beforeUnload`, a page unload asks
 * the browser's own question while a form is dirty; the desktop host leaves it off, since in Electron a
 * held unload silently blocks closing the window, which main owns.
 */
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import {
  bindBeforeUnload,
  createUnsavedRegistry,
  DISCARD_DETAIL,
  DISCARD_LABEL,
  DISCARD_QUESTION,
  KEEP_EDITING_LABEL,
  type UnsavedRegistry,
} from "./unsaved-registry.ts";

interface UnsavedChanges {
  registry: UnsavedRegistry;
  /** Shows the question; resolves true for Discard, false for Keep editing. */
  ask: () => Promise<boolean>;
}

// Outside a provider nothing is tracked and nothing asks, so a lone form still works.
const fallback: UnsavedChanges = { registry: createUnsavedRegistry(), ask: async () => true };
const UnsavedChangesContext = createContext<UnsavedChanges>(fallback);

/**
 * The question's dialog, fetched the first time it is asked: every page sits under this provider, and a page
 * without a form (the home page) never needs the dialog code.
 */
const ConfirmDialog = lazy(() =>
  import("../admin/ConfirmDialog.tsx").then((module) => ({ default: module.ConfirmDialog })),
);

export function UnsavedChangesProvider({
  children,
  beforeUnload = false,
}: {
  children: ReactNode;
  beforeUnload?: boolean;
}) {
  const [registry] = useState(createUnsavedRegistry);
  const [asking, setAsking] = useState(false);
  const answerRef = useRef<((discard: boolean) => void) | null>(null);

  useEffect(() => (beforeUnload ? bindBeforeUnload(registry, window) : undefined), [registry, beforeUnload]);

  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        // A second question replaces the first, which then counts as Keep editing.
        answerRef.current?.(false);
        answerRef.current = resolve;
        setAsking(true);
      }),
    [],
  );
  const answer = (discard: boolean) => {
    answerRef.current?.(discard);
    answerRef.current = null;
    setAsking(false);
  };
  const value = useMemo(() => ({ registry, ask }), [registry, ask]);

  return (
    <UnsavedChangesContext.Provider value={value}>
      {children}
      {asking ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title={DISCARD_QUESTION}
            message={DISCARD_DETAIL}
            confirmLabel={DISCARD_LABEL}
            cancelLabel={KEEP_EDITING_LABEL}
            onConfirm={() => answer(true)}
            onCancel={() => answer(false)}
            testId="discard-dialog"
          />
        </Suspense>
      ) : null}
    </UnsavedChangesContext.Provider>
  );
}

/** Whether any form holds unsaved changes right now (for a handler that must decide synchronously). */
export function useHasUnsaved(): () => boolean {
  const { registry } = useContext(UnsavedChangesContext);
  return registry.isDirty;
}

/** Reports this form's unsaved changes for as long as it is mounted. */
export function useReportUnsaved(dirty: boolean): void {
  const { registry } = useContext(UnsavedChangesContext);
  const key = useId();
  useEffect(() => registry.report(key, dirty), [registry, key, dirty]);
  useEffect(() => () => registry.forget(key), [registry, key]);
}

/**
 * Runs `action` at once when nothing would be lost, else after the user chose Discard; resolves whether it
 * ran. `dirty` narrows the question to one form (an editor's own Close); without it, any dirty form counts.
 */
export function useDiscardGuard(): (action: () => unknown, dirty?: boolean) => Promise<boolean> {
  const { registry, ask } = useContext(UnsavedChangesContext);
  return useCallback(
    async (action, dirty) => {
      if ((dirty ?? registry.isDirty()) && !(await ask())) return false;
      await action();
      return true;
    },
    [registry, ask],
  );
}
