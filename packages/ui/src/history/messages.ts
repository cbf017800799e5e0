/** The texts of the screens of history, restore, the trash, Undo and the audit chain. */
export const RESTORE_MESSAGES = {
  stale:
    "This project was changed elsewhere since you opened it, so nothing was restored. The editor now shows the latest version: check the history and restore again if you still want to.",
  failed: "Could not restore this version.",
  restored: (title: string, version: number) => `Project "${title}" restored to version ${version}.`,
} as const;

export const TRASH_MESSAGES = {
  title: "Trash",
  description: "Deleted projects wait here until they are purged. Restore one to put it back with its history.",
  empty: "The trash is empty",
  emptyHint: "A deleted project waits here until it is purged, so a mistaken delete can be undone.",
  deletedUndo: (title: string) => `Project "${title}" deleted. It is in the trash.`,
  undo: "Undo",
  restored: (title: string) => `Project "${title}" restored.`,
  restoreFailed: "Could not restore the project.",
  purged: (title: string) => `Project "${title}" deleted for good.`,
  purgeFailed: "Could not delete the project.",
  purgeTitle: "Delete for good",
  purgeQuestion: (title: string) =>
    `Delete "${title}" now? It leaves the trash for good, with its history, and cannot be restored.`,
  offline: "The trash is available when you are online.",
  noServer:
    "The trash is kept on a server, and this app works locally without one. Connect it to a server to see and restore deleted projects.",
} as const;

export const AUDIT_CHAIN_MESSAGES = {
  checking: "Checking the audit log…",
  intact: (entries: number, checked: string) =>
    `Audit log intact: ${entries.toLocaleString("en-US")} ${entries === 1 ? "entry" : "entries"}, checked ${checked}.`,
  // Some breaks name no entry (a stored daily result changed in the database, an emptied log).
  broken: (firstBadId: string) => (firstBadId ? `Audit log broken at entry ${firstBadId}.` : "Audit log broken."),
  brokenHint: (entries: number) =>
    `${entries.toLocaleString("en-US")} ${entries === 1 ? "entry" : "entries"} checked. Entries are chained with a key the database does not hold, so a change made behind the application's back shows here.`,
  failed: "Could not check the audit log.",
  verify: "Verify now",
} as const;
