/**
 * The status area, always visible above the panel (in the page's flow, so it never covers content):
 * Online or Offline, 'N changes waiting', the last sync, 'Sync now', 'Needs attention (N)' (only while
 * something does), and a progress bar while a sync runs.
 */
import { Button, cx } from "@portfolio/ui";
import { formatDateTime } from "@portfolio/ui/admin/dates.ts";
import type { DesktopState } from "../shared/desktop-operations.ts";
import { DownloadProgress } from "./DownloadProgress.tsx";
import {
  attentionText,
  connectionText,
  lastSyncedText,
  pendingText,
  progressPercent,
  progressText,
} from "./status-text.ts";

const DOT: Record<string, string> = {
  Online: "bg-emerald-500",
  Offline: "bg-slate-400 dark:bg-slate-500",
  "Working locally": "bg-sky-500",
};

export function StatusBar({
  state,
  view,
  onSyncNow,
  syncRequested,
  onShowAttention,
  onShowPanel,
  onConnect,
  onCancelDownload,
  onResumeDownload,
}: {
  state: DesktopState;
  view: "panel" | "attention";
  onSyncNow: () => void;
  /** 'Sync now' was pressed and main has not answered yet. */
  syncRequested: boolean;
  onShowAttention: () => void;
  onShowPanel: () => void;
  /** Local mode: connect to a server later. */
  onConnect: () => void;
  /** A download of the server's projects not finished: stop it, or go on from where it stopped. */
  onCancelDownload: () => void;
  onResumeDownload: () => void;
}) {
  const connection = connectionText(state);
  const connected = state.mode === "connected";
  const syncing = state.syncing || syncRequested;
  return (
    <header
      className="relative border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
      data-testid="status-area"
    >
      <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-5 gap-y-2 px-4 py-2.5 text-sm sm:px-6">
        <p role="status" className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <span className="inline-flex items-center gap-2 font-semibold" data-testid="connection">
            <span aria-hidden="true" className={cx("size-2.5 rounded-full", DOT[connection])} />
            {connection}
          </span>
          {connected || state.pending > 0 ? (
            <span data-testid="pending-count">{pendingText(state.pending)}</span>
          ) : null}
          {connected ? (
            <span className="text-slate-600 dark:text-slate-400" data-testid="last-synced">
              {state.lastSyncedAt ? (
                <time dateTime={state.lastSyncedAt} title={formatDateTime(state.lastSyncedAt)}>
                  {lastSyncedText(state.lastSyncedAt)}
                </time>
              ) : (
                lastSyncedText(null)
              )}
            </span>
          ) : null}
          {syncing ? <span data-testid="syncing">{progressText(state.progress)}</span> : null}
        </p>
        {connected && state.download ? (
          <DownloadProgress compact download={state.download} onCancel={onCancelDownload} onResume={onResumeDownload} />
        ) : null}
        {connected && state.lastError && !syncing ? (
          <p className="text-amber-800 dark:text-amber-300" data-testid="last-error">
            {state.lastError}
          </p>
        ) : null}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {view === "attention" ? (
            <Button size="sm" variant="secondary" onClick={onShowPanel}>
              Back to the admin panel
            </Button>
          ) : state.attention > 0 ? (
            // Quiet at zero: nothing to decide, nothing shown.
            <Button size="sm" variant="danger" onClick={onShowAttention} data-testid="show-attention">
              {attentionText(state.attention)}
            </Button>
          ) : null}
          {connected ? (
            <Button size="sm" onClick={onSyncNow} loading={syncing} data-testid="sync-now">
              Sync now
            </Button>
          ) : (
            <Button size="sm" variant="secondary" onClick={onConnect}>
              Connect to a server
            </Button>
          )}
        </div>
      </div>
      {state.syncing && state.progress ? (
        <div
          role="progressbar"
          aria-label="Sync progress"
          aria-valuemin={0}
          aria-valuemax={state.progress.total}
          aria-valuenow={state.progress.done}
          aria-valuetext={progressText(state.progress)}
          className="absolute inset-x-0 bottom-0 h-1 bg-slate-200 dark:bg-slate-800"
          data-testid="sync-progress"
        >
          <div
            className="h-full bg-indigo-600 transition-[width] dark:bg-indigo-400"
            style={{ width: `${progressPercent(state.progress)}%` }}
          />
        </div>
      ) : null}
    </header>
  );
}
