/**
 * Everything the main process does, as plain Node (no `electron` import), so it is tested with real
 * better-sqlite3 in a temporary folder against the real server. The Electron entry (index.ts) only
 * creates the window and forwards the `invoke` channel to `handleInvoke`.
 *
 * Parts: the local core (local-core.ts, with the outbox tables), the credential store, the dispatcher
 * (dispatch.ts: local, forwarded or refused, plus the desktop's own operations), the sync engine
 * (sync/engine.ts) and the desktop operations' handlers below.
 */
import { hostname as osHostname } from "node:os";
import { Invalid } from "@portfolio/core/domain";
import { type Actor, ANONYMOUS, bootstrap, toSessionUser } from "@portfolio/core/services";
import type { DesktopState } from "../shared/desktop-operations.ts";
import type { InvokeReply } from "../shared/ipc-channel.ts";
import { deviceName, signInOnServer, upsertLocalUser } from "./connect.ts";
import { type CredentialStore, openCredentialStore } from "./credential-store.ts";
import { createDispatch, type DesktopHandlers } from "./dispatch.ts";
import { parseInvokePayload } from "./invoke-payload.ts";
import { replyFromError } from "./invoke-reply.ts";
import { isTrustedSender, type SenderFrame } from "./ipc-guard.ts";
import { type LocalCore, openLocalCore } from "./local-core.ts";
import { editorPicture } from "./pictures/editor-picture.ts";
import { type AddPictureInput, addLocalPicture } from "./pictures/local-pictures.ts";
import type { SafeStorageLike } from "./safe-storage.ts";
import { attentionItems, discard, keepMine, useServer } from "./sync/attention.ts";
import { createSyncEngine, realTimers, type SyncEngine, type Timers } from "./sync/engine.ts";
import { outboxCounts, unsyncedEntityIds } from "./sync/outbox.ts";
import { deviceTransport, normalizeServerUrl } from "./sync/server-api.ts";
import { readState } from "./sync/server-state.ts";

export interface DesktopMainDeps {
  /** Electron's `app.getPath('userData')`. */
  userDataDir: string;
  /** Electron's `safeStorage` (or a test fake with the async or the sync API). */
  safeStorage: SafeStorageLike;
  /** The app's own renderer URL (see renderer-url.ts); the only page allowed to call. */
  rendererUrl: string;
  now?: () => Date;
  /** How the server is reached (tests wrap it to watch or break the network). */
  fetch?: typeof fetch;
  /** The sync schedule's timers (tests drive them by hand). */
  timers?: Timers;
  /** Projects per pull page; the server's 1000 unless a test wants many pages of a few. */
  pullPageSize?: number;
  /** Names the device token on the server. */
  hostname?: string;
  bcryptCost?: number;
  log?: (line: string) => void;
}

/** 'first-run': neither connected nor working locally yet; the renderer shows the first-run screen. */
export type DesktopMode = DesktopState["mode"];

export interface DesktopMain {
  core: LocalCore;
  credentials: CredentialStore;
  engine: SyncEngine;
  mode(): Promise<DesktopMode>;
  /** 'Work locally': a local-only owner, no sync; connecting later is possible. */
  workLocally(): Promise<void>;
  /** Who the renderer's calls run as: re-read from the database on every call (deny by default). */
  actor(): Promise<Actor>;
  state(): Promise<DesktopState>;
  handleInvoke(sender: SenderFrame | null | undefined, payload: unknown): Promise<InvokeReply>;
  /** Stops the sync schedule, waits for a running sync, closes the database. */
  close(): Promise<void>;
}

/** The local-only owner created by 'Work locally'. */
export const LOCAL_OWNER = { username: "owner", email: "owner@localhost" } as const;

export const FOREIGN_SENDER = "This call did not come from the app's own window, so it was refused.";
export const CONNECT_FIRST = "Connect to a server first.";

export async function createDesktopMain(deps: DesktopMainDeps): Promise<DesktopMain> {
  const log = deps.log ?? ((line: string) => console.error(line));
  const core = await openLocalCore({
    userDataDir: deps.userDataDir,
    now: deps.now ?? (() => new Date()),
    log,
    ...(deps.bcryptCost ? { bcryptCost: deps.bcryptCost } : {}),
  });
  let credentials: CredentialStore;
  try {
    credentials = await openCredentialStore({ dir: deps.userDataDir, safeStorage: deps.safeStorage });
  } catch (error) {
    await core.close();
    throw error;
  }

  const hasUsers = async () =>
    (await core.db.selectFrom("users").select("id").limit(1).executeTakeFirst()) !== undefined;

  /** Connected: the signed-in server user (from the snapshot); local: the local owner. */
  const actor = async (): Promise<Actor> => {
    const username = credentials.status().connection?.username ?? LOCAL_OWNER.username;
    const row = await core.db
      .selectFrom("users")
      .select(["id", "username", "permissions"])
      .where("username_key", "=", username.trim().toLowerCase())
      .where("is_active", "=", 1)
      .executeTakeFirst();
    if (!row) return ANONYMOUS;
    const user = toSessionUser(row);
    return { kind: "user", id: user._id, username: user.username, permissions: user.permissions };
  };

  const now = deps.now ?? (() => new Date());
  const fetchImpl = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const db = core.local;

  const engine = createSyncEngine({
    db,
    credentials,
    fetch: fetchImpl,
    now,
    timers: deps.timers ?? realTimers,
    log,
    // The server's word on who this user is and what they may do, refreshed at every sync.
    afterSync: async (server) => upsertLocalUser(db, await server.call("auth.me", {}), now()),
    ...(deps.pullPageSize ? { pullPageSize: deps.pullPageSize } : {}),
  });

  const mode = async (): Promise<DesktopMode> => {
    if (credentials.status().connection) return "connected";
    return (await hasUsers()) ? "local" : "first-run";
  };

  const workLocally = async () => {
    if ((await mode()) !== "first-run") return;
    // The generated password is dropped on purpose: the local owner never logs in, the app acts as it.
    await bootstrap(core, { username: LOCAL_OWNER.username, email: LOCAL_OWNER.email });
  };

  const state = async (): Promise<DesktopState> => {
    const current = await mode();
    const { connection, hasToken } = credentials.status();
    const sync = engine.status();
    const counts = await outboxCounts(db);
    return {
      mode: current,
      online: current === "connected" && sync.online,
      serverUrl: connection?.serverUrl ?? null,
      username: connection?.username ?? null,
      pending: counts.pending,
      pendingEntityIds: await unsyncedEntityIds(db),
      attention: counts.attention,
      lastSyncedAt: await readState(db, "last_synced_at"),
      syncing: sync.syncing,
      progress: sync.progress,
      download: sync.download,
      needsSignIn: current === "connected" && !hasToken,
      lastError: sync.lastError,
    };
  };

  /** Logs in on the server, keeps only the device token, and makes the server's user the local actor. */
  const signIn = async (serverUrl: string, username: string, password: string, code?: string) => {
    const { user, token } = await signInOnServer({
      serverUrl,
      username,
      password,
      code,
      deviceName: deviceName(deps.hostname ?? osHostname()),
      fetch: fetchImpl,
    });
    await credentials.save({ serverUrl, username: user.username, token });
    await upsertLocalUser(db, user, now());
  };

  /** After the owner resolved something: sync in the background, the renderer polls the state. */
  const syncSoon = () => {
    if (credentials.status().connection) engine.syncNow().catch((error) => log(`Sync failed: ${String(error)}`));
  };

  const desktop: DesktopHandlers = {
    "desktop.state": () => state(),
    "desktop.connect": async ({ serverUrl, username, password, code }) => {
      await signIn(normalizeServerUrl(serverUrl), username, password, code);
      // The full snapshot, before answering: the first screen after connecting shows the server's data.
      await engine.syncNow({ snapshot: true });
      return state();
    },
    "desktop.signInAgain": async ({ password, code }) => {
      const connection = credentials.status().connection;
      if (!connection) throw new Invalid(CONNECT_FIRST);
      await signIn(connection.serverUrl, connection.username, password, code);
      await engine.syncNow();
      return state();
    },
    "desktop.workLocally": async () => {
      await workLocally();
      return state();
    },
    "desktop.syncNow": async () => {
      await engine.syncNow();
      return state();
    },
    "desktop.cancelDownload": async () => {
      // Answers at once: the page on its way still lands, then the download waits for 'Resume download'.
      engine.cancelDownload();
      return state();
    },
    "desktop.resumeDownload": async () => {
      await engine.resumeDownload();
      return state();
    },
    "desktop.networkChanged": async ({ online }) => {
      // Answers at once: a sync the network's return starts runs in the background, the renderer polls.
      engine.networkChanged(online);
      return state();
    },
    "desktop.attention": async () => ({ items: await attentionItems(db) }),
    "desktop.keepMine": async ({ opId }) => {
      await keepMine(db, opId, now());
      syncSoon();
      return state();
    },
    "desktop.useServer": async ({ opId }) => {
      await useServer(db, opId, now());
      return state();
    },
    "desktop.discard": async ({ opId }) => {
      await discard(db, opId, now());
      return state();
    },
    "desktop.picture": async ({ hash }) =>
      editorPicture({
        db,
        hash,
        serverUrl: credentials.status().connection?.serverUrl ?? null,
        fetch: fetchImpl,
        now,
      }),
  };

  const dispatch = createDispatch({
    core,
    actor,
    desktop,
    // Added here, online or not: kept on this computer and uploaded by the next sync (pictures/local-pictures.ts).
    calls: {
      "projects.pictures.add": async (input) =>
        addLocalPicture(core, await actor(), input as unknown as AddPictureInput),
    },
    server: async () => {
      const connection = credentials.status().connection;
      const token = connection ? await credentials.token() : null;
      return connection && token ? deviceTransport(connection.serverUrl, token, fetchImpl) : null;
    },
    // Working locally there is no connection at all; signed out, there is one whose token is gone.
    hasServer: () => credentials.status().connection !== null,
    reachable: (answered) => engine.reachable(answered),
    unauthorized: () => credentials.forgetToken(),
    sync: () => engine.syncNow(),
  });

  engine.start();

  return {
    core,
    credentials,
    engine,
    mode,
    workLocally,
    actor,
    state,

    async handleInvoke(sender, payload) {
      if (!isTrustedSender(sender, deps.rendererUrl)) return { ok: false, status: 403, error: FOREIGN_SENDER };
      const parsed = parseInvokePayload(payload);
      if (!parsed.ok) return { ok: false, status: 400, error: parsed.error };
      try {
        return { ok: true, value: await dispatch(parsed.payload.operation, parsed.payload.input) };
      } catch (error) {
        return replyFromError(error, log);
      }
    },

    async close() {
      await engine.stop();
      await core.close();
    },
  };
}
