/**
 * The desktop's own operations (IPC only, never HTTP), declared once: their input schemas and result
 * types. Main validates every input with these schemas exactly as registry operations are validated (the
 * first problem is a 400 naming the field); the renderer imports the types. The contract is
 * apps/desktop/README.md.
 */
import { pictureHashSchema } from "@portfolio/core/domain";
import { z } from "zod";

/** What the status area, the first-run screen and the 'Needs attention' badge show. */
export interface DesktopState {
  /** 'first-run': neither connected nor working locally yet. */
  mode: "first-run" | "local" | "connected";
  /** The last call to the server got an answer (false in local mode and until the first contact). */
  online: boolean;
  serverUrl: string | null;
  username: string | null;
  /** Changes waiting to be pushed (not counting those in 'Needs attention'). */
  pending: number;
  /** Entities with a change not yet synced (waiting or needing attention): the per-row badge. */
  pendingEntityIds: string[];
  attention: number;
  lastSyncedAt: string | null;
  syncing: boolean;
  /** Ops pushed so far out of those to push, while a sync runs. */
  progress: { done: number; total: number } | null;
  /**
   * A full download of the server's projects (the first connect) not finished yet: projects received out of
   * the total, and whether the owner paused it (Cancel). Until it ends the desktop is not in sync.
   */
  download: { received: number; total: number; paused: boolean } | null;
  /** The server refused the device token (401), or it is kept in memory only and the app restarted. */
  needsSignIn: boolean;
  lastError: string | null;
}

/**
 * How the editor shows one of a project's pictures: `src` a data: URL of its bytes (kept on this computer, or
 * fetched from the server's /media while online and kept), or null when it is on neither (offline, never
 * shown here); `pending` while it was added here and waits to be uploaded at the next sync; `refused`, the
 * server's reason when it refused the picture for good (it is not sent again; the project's other edits wait
 * until it is removed), else null.
 */
export interface EditorPicture {
  src: string | null;
  pending: boolean;
  refused: string | null;
}

/** One conflict or rejection the owner has to decide on; nothing is ever dropped without them. */
export interface AttentionItem {
  opId: string;
  entity: "project" | "profile";
  entityId: string;
  /** The project's title (or "Site profile"), to tell the items apart. */
  title: string;
  kind: "conflict" | "rejected";
  /** The server's message, e.g. 'This was changed on the server since your last sync.' */
  message: string;
  /** The conflicting fields (for a rejection: the fields the change carried). */
  fields: string[];
  /** The change as made here: the changed fields and their values ({} for a delete). */
  mine: Record<string, unknown>;
  /** Every synced field of the server's row now, or null when the server deleted it (or for a rejection). */
  server: Record<string, unknown> | null;
}

const empty = z.strictObject({}, { error: (issue) => unknownKey(issue) ?? "The input must be an object." });

function unknownKey(issue: { code?: string; keys?: string[] }): string | undefined {
  return issue.code === "unrecognized_keys" ? `Unknown field: ${(issue.keys ?? []).join(", ")}.` : undefined;
}

const password = z
  .string({ error: "password: the password is required." })
  .min(1, "password: the password is required.")
  .max(1000, "password: the password is too long.");

/**
 * Main's answers when the account has a second factor and no code came: the connect and 'Sign in again' screens
 * then ask for one. Passkeys cannot answer here (the renderer's app:// origin is no relying party of the server,
 * see the README), so an account with passkeys alone is told what to set up on the website instead.
 */
export const CODE_NEEDED =
  "This account uses two-factor authentication. Enter the code from your authenticator app, or one of your recovery codes.";
export const RECOVERY_CODE_NEEDED =
  "This account signs in with a passkey, which the desktop app cannot use. Enter one of your recovery codes instead.";
export const PASSKEY_ONLY =
  "This account signs in with a passkey only, which the desktop app cannot use. On the website, set up an authenticator app under Account security, then connect again.";

/** Whether main's answer asks for the code field. */
export function asksForCode(message: string): boolean {
  return message === CODE_NEEDED || message === RECOVERY_CODE_NEEDED;
}

/** The authenticator code or a recovery code, for an account with a second factor (docs/security.md, promise 30). */
const code = z.string({ error: "code: must be text." }).trim().max(40, "code: the code is too long.").optional();

const opId = z.strictObject(
  { opId: z.string({ error: "opId: must name a change." }).min(1, "opId: must name a change.").max(100) },
  { error: (issue) => unknownKey(issue) ?? "The input must be an object {opId}." },
);

export const desktopOperations = {
  "desktop.state": { input: empty, result: {} as DesktopState },
  "desktop.connect": {
    input: z.strictObject(
      {
        serverUrl: z
          .string({ error: "serverUrl: the server address is required." })
          .trim()
          .min(1, "serverUrl: the server address is required.")
          .max(2000, "serverUrl: the server address is too long.")
          .refine(isHttpUrl, "serverUrl: the server address must start with http:// or https://."),
        username: z
          .string({ error: "username: the username is required." })
          .trim()
          .min(1, "username: the username is required.")
          .max(200, "username: the username is too long."),
        password,
        code,
      },
      { error: (issue) => unknownKey(issue) ?? "The input must be an object {serverUrl, username, password}." },
    ),
    result: {} as DesktopState,
  },
  "desktop.signInAgain": {
    input: z.strictObject(
      { password, code },
      { error: (issue) => unknownKey(issue) ?? "The input must be an object {password}." },
    ),
    result: {} as DesktopState,
  },
  "desktop.workLocally": { input: empty, result: {} as DesktopState },
  "desktop.syncNow": { input: empty, result: {} as DesktopState },
  /** Stops a download of the server's projects after the page on its way; it resumes where it stopped. */
  "desktop.cancelDownload": { input: empty, result: {} as DesktopState },
  "desktop.resumeDownload": { input: empty, result: {} as DesktopState },
  /** The renderer's `online`/`offline` events: the network is back (sync at once) or gone. */
  "desktop.networkChanged": {
    input: z.strictObject(
      { online: z.boolean({ error: "online: must be true or false." }) },
      { error: (issue) => unknownKey(issue) ?? "The input must be an object {online}." },
    ),
    result: {} as DesktopState,
  },
  "desktop.attention": { input: empty, result: {} as { items: AttentionItem[] } },
  "desktop.keepMine": { input: opId, result: {} as DesktopState },
  "desktop.useServer": { input: opId, result: {} as DesktopState },
  "desktop.discard": { input: opId, result: {} as DesktopState },
  "desktop.picture": {
    input: z.strictObject(
      { hash: pictureHashSchema },
      { error: (issue) => unknownKey(issue) ?? "The input must be an object {hash}." },
    ),
    result: {} as EditorPicture,
  },
} as const;

export type DesktopOperations = typeof desktopOperations;
export type DesktopOperationName = keyof DesktopOperations;
export type DesktopInputOf<K extends DesktopOperationName> = z.input<DesktopOperations[K]["input"]>;
export type DesktopResultOf<K extends DesktopOperationName> = DesktopOperations[K]["result"];

export function isDesktopOperation(name: string): name is DesktopOperationName {
  return Object.hasOwn(desktopOperations, name);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}
