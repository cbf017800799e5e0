import type { SaveError } from "./save-error.ts";

/** The failure of a modal's save: the fixed message, and the reason below it when known. */
export function SaveErrorBox({ error, id }: { error: SaveError | null; id?: string }) {
  if (!error) return null;
  return (
    <div
      id={id}
      role="alert"
      data-testid="save-error"
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:border-red-800/70 dark:bg-red-950 dark:text-red-200"
    >
      <p data-testid="save-error-text">{error.message}</p>
      {error.detail ? <p className="mt-1 text-xs font-normal">{error.detail}</p> : null}
    </div>
  );
}
