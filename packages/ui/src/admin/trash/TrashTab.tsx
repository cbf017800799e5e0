/**
 * The Trash tab (projects:delete, like the server's `trash.manage`): what was deleted, by whom,
 * when, and when it will be purged, with Restore and 'Delete now' (behind a confirmation). It reads
 * through the server; the desktop app while offline says the trash is available when online, and working
 * locally (no server at all) that the trash needs a connected server.
 */
import type { TrashItem } from "@portfolio/core/domain";
import { useState } from "react";
import { useApi } from "../../auth/auth-context.tsx";
import { Alert } from "../../components/Alert.tsx";
import { Button } from "../../components/Button.tsx";
import { TRASH_MESSAGES } from "../../history/messages.ts";
import { needsConnection, needsServer } from "../../sync/needs-connection.ts";
import { ConfirmDialog } from "../ConfirmDialog.tsx";
import { formatDate, formatDateTime, relativeTime } from "../dates.ts";
import { failureFeedback, useNotify } from "../feedback.tsx";
import { EmptyBlock, ErrorBlock, LoadingBlock } from "../States.tsx";
import { useLoad } from "../use-load.ts";

export function TrashTab({ onChanged }: { onChanged: () => Promise<void> }) {
  const api = useApi();
  const notify = useNotify();
  const trash = useLoad(async () => (await api.call("trash.list", {})).items);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [purging, setPurging] = useState<TrashItem | null>(null);

  const restore = async (item: TrashItem) => {
    setBusyId(item.id);
    try {
      await api.call("trash.restore", { id: item.id });
      notify({ tone: "success", text: TRASH_MESSAGES.restored(item.title) });
    } catch (error) {
      notify(failureFeedback(TRASH_MESSAGES.restoreFailed, error));
    } finally {
      setBusyId(null);
    }
    await Promise.all([trash.reload(), onChanged()]);
  };

  const purge = async () => {
    const item = purging;
    if (!item) return;
    try {
      await api.call("trash.purge", { id: item.id });
      notify({ tone: "success", text: TRASH_MESSAGES.purged(item.title) });
    } catch (error) {
      notify(failureFeedback(TRASH_MESSAGES.purgeFailed, error));
    }
    setPurging(null);
    await Promise.all([trash.reload(), onChanged()]);
  };

  const items = trash.data;
  return (
    <div className="space-y-4" data-testid="trash-tab" data-state={items ? "loaded" : "loading"}>
      <div>
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{TRASH_MESSAGES.title}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{TRASH_MESSAGES.description}</p>
      </div>
      {trash.error && !items && needsConnection(trash.error) ? (
        <Alert tone="info" className="flex flex-wrap items-center justify-between gap-3" testId="trash-offline">
          <span>{needsServer(trash.error) ? TRASH_MESSAGES.noServer : TRASH_MESSAGES.offline}</span>
          {needsServer(trash.error) ? null : (
            <Button size="sm" variant="secondary" onClick={trash.reload}>
              Try again
            </Button>
          )}
        </Alert>
      ) : null}
      {trash.error && !items && !needsConnection(trash.error) ? (
        <ErrorBlock error={trash.error} what="the trash" onRetry={trash.reload} />
      ) : null}
      {!items && !trash.error ? <LoadingBlock label="Loading the trash…" /> : null}
      {items && items.length === 0 ? (
        <EmptyBlock title={TRASH_MESSAGES.empty}>
          <p className="max-w-md text-sm text-slate-600 dark:text-slate-400">{TRASH_MESSAGES.emptyHint}</p>
        </EmptyBlock>
      ) : null}
      {items && items.length > 0 ? (
        <ul
          className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
          aria-label="Deleted projects"
        >
          {items.map((item) => (
            <li
              key={item.id}
              data-testid="trash-item"
              data-id={item.id}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
            >
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900 dark:text-white">{item.title}</p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  Deleted by {item.deletedBy},{" "}
                  <time dateTime={item.deletedAt} title={formatDateTime(item.deletedAt)}>
                    {relativeTime(item.deletedAt)}
                  </time>
                  . Purged on{" "}
                  <time dateTime={item.purgeAt} title={formatDateTime(item.purgeAt)}>
                    {formatDate(item.purgeAt)}
                  </time>
                  .
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  loading={busyId === item.id}
                  disabled={busyId !== null && busyId !== item.id}
                  onClick={() => void restore(item)}
                  aria-label={`Restore ${item.title}`}
                >
                  Restore
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  disabled={busyId !== null}
                  onClick={() => setPurging(item)}
                  aria-label={`Delete now: ${item.title}`}
                >
                  Delete now
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={purging !== null}
        title={TRASH_MESSAGES.purgeTitle}
        message={purging ? TRASH_MESSAGES.purgeQuestion(purging.title) : ""}
        confirmLabel="Delete now"
        onConfirm={purge}
        onCancel={() => setPurging(null)}
        testId="purge-dialog"
      />
    </div>
  );
}
