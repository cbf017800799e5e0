/** The status area's words: connection, changes waiting, last sync, progress. */
import { relativeTime } from "@portfolio/ui/admin/dates.ts";
import type { DesktopState } from "../shared/desktop-operations.ts";

export function connectionText(state: Pick<DesktopState, "mode" | "online">): string {
  if (state.mode !== "connected") return "Working locally";
  return state.online ? "Online" : "Offline";
}

export function pendingText(pending: number): string {
  return `${pending} ${pending === 1 ? "change" : "changes"} waiting`;
}

export function lastSyncedText(lastSyncedAt: string | null, now: Date = new Date()): string {
  return lastSyncedAt ? `Last synced ${relativeTime(lastSyncedAt, now)}` : "Not synced yet";
}

/** 0 to 100; 0 when nothing is known yet (a sync that has not counted its ops). */
export function progressPercent(progress: DesktopState["progress"]): number {
  if (!progress || progress.total <= 0) return 0;
  return Math.min(100, Math.round((progress.done / progress.total) * 100));
}

export function progressText(progress: DesktopState["progress"]): string {
  if (!progress || progress.total <= 0) return "Syncing…";
  return `Syncing ${progress.done} of ${progress.total} changes…`;
}

/** The button's words while something needs attention (the status area shows none at zero). */
export function attentionText(count: number): string {
  return `Needs attention (${count})`;
}

const count = (n: number) => n.toLocaleString("en-US");

/** A download of the server's projects: 'Downloading 3,200 of 10,000 projects', or where it was paused. */
export function downloadText(download: NonNullable<DesktopState["download"]>): string {
  const where = `${count(download.received)} of ${count(download.total)} projects`;
  return download.paused ? `Download paused at ${where}` : `Downloading ${where}`;
}

/** 0 to 100 of a download. */
export function downloadPercent(download: NonNullable<DesktopState["download"]>): number {
  if (download.total <= 0) return 0;
  return Math.min(100, Math.round((download.received / download.total) * 100));
}
