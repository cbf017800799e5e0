/**
 * A thing's History panel, generic over what the thing is: given a loader of `{items, next}`
 * pages and a restore callback, it lists the versions newest first with who and when ('Load older'),
 * highlights the fields each version changed from the one before, and puts 'Restore this version' behind a
 * confirmation listing what will change (now vs. that version). The project editor uses it; the site
 * settings and roles drop it in with their own labels.
 *
 * `restore` rejects with an Error whose message is shown as is (the caller words its 409). In the desktop
 * app while offline the loader fails with 'needs a connection', shown as 'History is available when you
 * are online.'; working locally, with no server at all, it says history needs a connected server.
 */
import type { HistoryAnswer, HistoryItem } from "@portfolio/core/domain";
import { changedKeys } from "@portfolio/core/domain";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { formatDateTime, relativeTime } from "../admin/dates.ts";
import { errorMessage } from "../api/api-client.ts";
import { Alert } from "../components/Alert.tsx";
import { Button, Spinner } from "../components/Button.tsx";
import { unavailableProps } from "../components/unavailable.tsx";
import { needsConnection, needsServer } from "../sync/needs-connection.ts";
import { describeVersion, type FieldChange, type FieldLabels, versionChanges } from "./history-view.ts";
import { type RestorePreview, RestoreVersionDialog } from "./RestoreVersionDialog.tsx";

export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_OFFLINE = "History is available when you are online.";
export const HISTORY_NO_SERVER =
  "History is kept on a server, and this app works locally without one. Connect it to a server to see and restore earlier versions.";

export interface HistoryPanelProps<F extends object> {
  /** One page, newest first: the first without `before`, then older than the previous page's `next`. */
  load: (before?: number) => Promise<HistoryAnswer<F>>;
  /** The fields as they are now (the confirmation compares them with the chosen version). */
  current: F;
  /** Loads again from the newest when this changes (e.g. the thing's version number). */
  reloadKey?: unknown;
  labels: FieldLabels<F>;
  /** Brings the version back; rejects with an Error whose message says why not. */
  restore: (item: HistoryItem<F>) => Promise<void>;
  /** The id of the reason the viewer may not restore (the button is then aria-disabled and says why). */
  restoreUnavailableId?: string;
  onRestoreRefused?: () => void;
  /** A sentence the confirmation adds, e.g. that unsaved edits in the form will be replaced. */
  restoreNote?: string;
  /** What else a restore would change, from the server (a role's members); shown in the confirmation. */
  restorePreview?: (item: HistoryItem<F>) => Promise<RestorePreview>;
  /** Names the thing in the texts: 'project', 'site profile', 'role'. */
  noun: string;
}

interface Pages<F> {
  items: HistoryItem<F>[];
  next: number | null;
}

export function HistoryPanel<F extends object>(props: HistoryPanelProps<F>) {
  const { load, current, reloadKey, labels, noun } = props;
  const id = useId();
  const [pages, setPages] = useState<Pages<F> | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const [choice, setChoice] = useState<HistoryItem<F> | null>(null);
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const sequence = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const fetchPage = useCallback(async (before?: number) => {
    const ticket = ++sequence.current;
    setLoading(true);
    setError(null);
    try {
      const answer = await loadRef.current(before);
      if (ticket !== sequence.current) return;
      setPages((shown) =>
        before !== undefined && shown
          ? { items: [...shown.items, ...answer.items], next: answer.next }
          : { items: answer.items, next: answer.next },
      );
    } catch (failure) {
      if (ticket !== sequence.current) return;
      setError(failure);
      // Loading again from the newest failed: the versions shown may no longer be the project's.
      if (before === undefined) setPages(null);
    } finally {
      if (ticket === sequence.current) setLoading(false);
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey is the trigger to load again from the newest.
  useEffect(() => {
    void fetchPage();
  }, [fetchPage, reloadKey]);

  const confirmRestore = async () => {
    if (!choice) return;
    try {
      await props.restore(choice);
      setRestoreError(null);
      setChoice(null);
    } catch (failure) {
      setChoice(null);
      setRestoreError(failure instanceof Error ? failure.message : String(failure));
      await fetchPage();
    }
  };

  const items = pages?.items ?? [];
  const changes = versionChanges(items, labels);
  const offline = needsConnection(error);
  const noServer = needsServer(error);

  return (
    <section aria-labelledby={`${id}-title`} data-testid="history-panel" data-state={pages ? "loaded" : "loading"}>
      <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900 dark:text-white">
        History
      </h3>
      <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
        Every saved version of this {noun}, newest first. Changed fields are highlighted.
      </p>
      {restoreError ? (
        <Alert tone="error" className="mt-3" testId="history-restore-error">
          {restoreError}
        </Alert>
      ) : null}
      {error && offline ? (
        <Alert tone="info" className="mt-3 flex flex-wrap items-center justify-between gap-3" testId="history-offline">
          <span>{noServer ? HISTORY_NO_SERVER : HISTORY_OFFLINE}</span>
          {noServer ? null : (
            <Button size="sm" variant="secondary" onClick={() => void fetchPage()}>
              Try again
            </Button>
          )}
        </Alert>
      ) : null}
      {error && !offline ? (
        <Alert tone="error" className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <span>
            Could not load the history.{" "}
            {errorMessage(error, "The server answered with an error.", "The server could not be reached.")}
          </span>
          <Button size="sm" variant="secondary" onClick={() => void fetchPage(pages?.next ?? undefined)}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {!pages && loading ? (
        <p role="status" className="mt-3 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Spinner className="size-4 text-indigo-600 dark:text-indigo-400" /> Loading the history…
        </p>
      ) : null}
      {pages && items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No versions are kept for this {noun} yet.</p>
      ) : null}
      {items.length > 0 ? (
        <ol className="mt-3 space-y-2" aria-label={`Versions of this ${noun}`}>
          {items.map((item, index) => (
            <VersionRow
              key={item.version}
              item={item}
              changes={changes[index] ?? null}
              first={index === items.length - 1 && pages?.next === null}
              isCurrent={changedKeys(current, item.fields).length === 0}
              onRestore={() => (props.restoreUnavailableId ? props.onRestoreRefused?.() : setChoice(item))}
              restoreUnavailableId={props.restoreUnavailableId}
            />
          ))}
        </ol>
      ) : null}
      {pages?.next != null ? (
        <div className="mt-3 flex justify-center">
          <Button
            variant="secondary"
            size="sm"
            loading={loading}
            onClick={() => void fetchPage(pages.next ?? undefined)}
          >
            Load older versions
          </Button>
        </div>
      ) : null}
      <RestoreVersionDialog
        item={choice}
        current={current}
        labels={labels}
        noun={noun}
        note={props.restoreNote}
        preview={props.restorePreview}
        onConfirm={confirmRestore}
        onCancel={() => setChoice(null)}
      />
    </section>
  );
}

function VersionRow<F>({
  item,
  changes,
  first,
  isCurrent,
  onRestore,
  restoreUnavailableId,
}: {
  item: HistoryItem<F>;
  changes: FieldChange[] | null;
  first: boolean;
  isCurrent: boolean;
  onRestore: () => void;
  restoreUnavailableId?: string;
}) {
  return (
    <li
      className="rounded-xl border border-slate-200 p-3 dark:border-slate-700"
      data-testid="history-version"
      data-version={item.version}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-slate-900 dark:text-white">
            Version {item.version}
            {isCurrent ? (
              <span className="ml-2 rounded-md bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200">
                Same as now
              </span>
            ) : null}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {describeVersion(item)},{" "}
            <time dateTime={item.at} title={formatDateTime(item.at)}>
              {relativeTime(item.at)}
            </time>
          </p>
        </div>
        {isCurrent ? null : (
          <Button size="sm" variant="secondary" onClick={onRestore} {...unavailableProps(restoreUnavailableId)}>
            Restore this version
          </Button>
        )}
      </div>
      {changes && changes.length > 0 ? (
        <dl className="mt-2 grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]" aria-label="Changed fields">
          {changes.map((change) => (
            <div key={change.key} className="contents" data-testid="history-changed-field" data-field={change.key}>
              <dt className="font-medium text-slate-700 dark:text-slate-300">{change.label}</dt>
              <dd className="min-w-0 break-words">
                <mark className="rounded bg-amber-100 px-1 text-amber-950 dark:bg-amber-900/70 dark:text-amber-50">
                  {change.after}
                </mark>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {changes && changes.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No field changed.</p>
      ) : null}
      {!changes && first ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">The first version.</p> : null}
    </li>
  );
}
