/**
 * The sync engine: upload the pictures added here (upload-pictures.ts), push the outbox, then pull, on launch, every 30 seconds while the server answers, on
 * reconnect (a call answered again, or the system's word that the network is back) and on 'Sync now'. Failures split three ways (docs/design.md §5):
 * - the server unreachable, or a 5xx: the outbox stays, retried with exponential backoff;
 * - 401: the device token is no longer accepted: the token is dropped ('Sign in again'), the outbox stays;
 * - conflicts and rejections are per op (push.ts): they go to 'Needs attention' and block nothing.
 * Timers and the clock are injected so tests drive the schedule.
 */
import { ApiError, ApiNetworkError, type Transport } from "@portfolio/core/operations/client";
import type { CredentialStore } from "../credential-store.ts";
import { forgetUnlistedViews } from "../pictures/picture-views.ts";
import type { LocalDb } from "./outbox.ts";
import { type DownloadProgress, pullChanges, storedDownload } from "./pull.ts";
import { type PushProgress, pushOutbox } from "./push.ts";
import { deviceTransport } from "./server-api.ts";
import { clientId, writeState } from "./server-state.ts";
import { uploadPendingPictures } from "./upload-pictures.ts";

export const SYNC_INTERVAL_MS = 30_000;
export const BACKOFF_FIRST_MS = 2_000;
export const BACKOFF_MAX_MS = 60_000;

export const UNREACHABLE = "The server could not be reached.";
export const SIGN_IN_AGAIN = "Sign in again: the server no longer accepts this device's sign-in.";
const SYNC_FAILED = "Sync failed in the app. It will try again.";

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Real timers that never keep the process alive on their own. */
export const realTimers: Timers = {
  setTimeout(run, ms) {
    const handle = setTimeout(run, ms);
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface SyncStatus {
  online: boolean;
  syncing: boolean;
  progress: PushProgress | null;
  lastError: string | null;
  /**
   * A snapshot download (a first connect, or a `reset` from the server) under way or stopped by the owner:
   * projects received out of the total. Null when none is unfinished.
   */
  download: (DownloadProgress & { paused: boolean }) | null;
}

export interface SyncEngine {
  status(): SyncStatus;
  /** Syncs now; while a sync runs, one more follows it (so changes made meanwhile go too). */
  syncNow(options?: { snapshot?: boolean }): Promise<void>;
  /** On launch: the first sync at once, then on schedule. */
  start(): void;
  /** A call to the server got an answer (true) or none (false); coming back online syncs. */
  reachable(answered: boolean): void;
  /**
   * The system says the network went away (false) or came back (true, the renderer's `online` event): back,
   * it syncs at once instead of at the next retry of the backoff, which may be a minute away.
   */
  networkChanged(online: boolean): void;
  stop(): Promise<void>;
  /**
   * The owner's Cancel: a snapshot download stops after the page on its way and stays stopped (the other
   * syncs push but pull nothing) until `resumeDownload`, or the next launch, goes on from there.
   */
  cancelDownload(): void;
  resumeDownload(): Promise<void>;
}

export interface SyncEngineDeps {
  db: LocalDb;
  credentials: CredentialStore;
  fetch: typeof fetch;
  now: () => Date;
  timers: Timers;
  log: (line: string) => void;
  /** After each successful sync, with the device transport (the desktop refreshes its user from auth.me). */
  afterSync?: (server: Transport) => Promise<void>;
  /** Projects per pull page (tests make it small). */
  pullPageSize?: number;
}

export function backoffDelay(failures: number): number {
  return Math.min(BACKOFF_FIRST_MS * 2 ** Math.max(failures - 1, 0), BACKOFF_MAX_MS);
}

export function createSyncEngine(deps: SyncEngineDeps): SyncEngine {
  const status: SyncStatus = { online: false, syncing: false, progress: null, lastError: null, download: null };
  /** The owner stopped the download: kept until they resume it (in memory: a relaunch resumes). */
  let paused = false;
  let failures = 0;
  let timer: unknown;
  let stopped = false;
  let current: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let snapshotNext = false;

  const schedule = (ms: number) => {
    if (timer !== undefined) deps.timers.clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    timer = deps.timers.setTimeout(() => {
      timer = undefined;
      void syncNow();
    }, ms);
  };

  const failed = async (error: unknown) => {
    if (error instanceof ApiNetworkError) {
      status.online = false;
      status.lastError = UNREACHABLE;
      schedule(backoffDelay(++failures));
      return;
    }
    if (error instanceof ApiError) {
      status.online = true;
      if (error.status === 401) {
        // The outbox stays; nothing is scheduled until the owner signs in again.
        await deps.credentials.forgetToken();
        status.lastError = SIGN_IN_AGAIN;
        return;
      }
      status.lastError = error.serverMessage ?? `The server answered with status ${error.status}.`;
      // 5xx: the server's trouble, retried with backoff; another refusal (e.g. 'Update the desktop app') waits.
      schedule(error.status >= 500 ? backoffDelay(++failures) : SYNC_INTERVAL_MS);
      return;
    }
    deps.log(`Sync failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    status.lastError = SYNC_FAILED;
    schedule(backoffDelay(++failures));
  };

  const runOnce = async () => {
    if (timer !== undefined) deps.timers.clearTimeout(timer);
    timer = undefined;
    const connection = deps.credentials.status().connection;
    if (!connection || stopped) return;
    const token = await deps.credentials.token();
    if (!token) return;
    const snapshot = snapshotNext;
    snapshotNext = false;
    status.syncing = true;
    const stored = await storedDownload(deps.db);
    status.download = stored && { ...stored, paused };
    try {
      const server = deviceTransport(connection.serverUrl, token, deps.fetch);
      const push = async (held: ReadonlySet<string>) =>
        pushOutbox({
          db: deps.db,
          server,
          clientId: await clientId(deps.db),
          held,
          // A retry goes on counting from where the failed attempt was.
          done: status.progress?.done ?? 0,
          onProgress: (progress) => {
            status.progress = progress;
          },
        });
      const attempt = async () => {
        // Pictures added here first, so the edits that name them push the server's pictures.
        const uploads = await uploadPendingPictures({ db: deps.db, server, log: deps.log, now: deps.now });
        await push(uploads.held);
        // A project created here is on the server now: its pictures, then the edits that name them.
        if (uploads.afterPush)
          await push((await uploadPendingPictures({ db: deps.db, server, log: deps.log, now: deps.now })).held);
        if (paused && (status.download || snapshot)) {
          // Stopped by the owner: not in sync, so no pull after it and no 'last synced'.
          if (status.download) status.download.paused = true;
          return false;
        }
        const outcome = await pullChanges({
          db: deps.db,
          server,
          now: deps.now,
          snapshot,
          shouldStop: () => paused,
          onDownload: (progress) => {
            status.download = { ...progress, paused };
          },
          ...(deps.pullPageSize ? { pageSize: deps.pullPageSize } : {}),
        });
        if (outcome === "stopped") {
          if (status.download) status.download.paused = true;
          return false;
        }
        status.download = null;
        await forgetUnlistedViews(deps.db);
        await deps.afterSync?.(server);
        return true;
      };
      let synced: boolean;
      try {
        synced = await attempt();
      } catch (error) {
        // A kept-alive socket the server closed while idle fails the next request once. Push and pull are
        // idempotent (op ids, cursors), so one immediate retry is safe; a real outage fails it again.
        if (!(error instanceof ApiNetworkError)) throw error;
        synced = await attempt();
      }
      if (synced) await writeState(deps.db, "last_synced_at", deps.now().toISOString());
      status.online = true;
      status.lastError = null;
      failures = 0;
      schedule(SYNC_INTERVAL_MS);
    } catch (error) {
      if (snapshot) snapshotNext = true;
      await failed(error);
    } finally {
      status.syncing = false;
      status.progress = null;
    }
  };

  const syncNow = (options: { snapshot?: boolean } = {}): Promise<void> => {
    if (options.snapshot) {
      snapshotNext = true;
      // Connecting again is asking for the server's content: a download stopped earlier goes on.
      paused = false;
    }
    if (!current) {
      current = runOnce().finally(() => {
        current = null;
      });
      return current;
    }
    queued ??= current.then(() => {
      queued = null;
      return syncNow();
    });
    return queued;
  };

  return {
    status: () => ({
      ...status,
      progress: status.progress && { ...status.progress },
      download: status.download && { ...status.download },
    }),
    cancelDownload() {
      // Shown as paused at once; the page on its way still lands, then the download stops.
      paused = true;
      if (status.download) status.download.paused = true;
    },
    resumeDownload() {
      paused = false;
      failures = 0;
      if (status.download) status.download.paused = false;
      return syncNow();
    },
    syncNow,
    start() {
      stopped = false;
      schedule(0);
    },
    reachable(answered) {
      const wasOnline = status.online;
      status.online = answered;
      if (answered && !wasOnline) void syncNow();
    },
    networkChanged(online) {
      if (!online) {
        status.online = false;
        return;
      }
      // A fresh start: should the server still be out of reach, the retries begin again at 2 seconds.
      failures = 0;
      syncNow().catch((error) => deps.log(`Sync failed: ${String(error)}`));
    },
    async stop() {
      stopped = true;
      if (timer !== undefined) deps.timers.clearTimeout(timer);
      timer = undefined;
      await queued;
      await current;
    },
  };
}
