/**
 * The desktop renderer: the first-run screen until the owner connects or works locally, then the status
 * area above the SAME admin panel the web mounts (`AdminPanel` from @portfolio/ui), over the IPC
 * transport instead of HTTP. 'Needs attention' takes the panel's place when opened from the status area.
 */
import { AuthProvider, TransportApiClient, useDiscardGuard } from "@portfolio/ui";
import { PendingChangesProvider } from "@portfolio/ui/sync/pending-context.tsx";
import { SavesWaitProvider } from "@portfolio/ui/sync/saved-offline.tsx";
import { useCallback, useMemo, useState } from "react";
import type { DesktopState } from "../shared/desktop-operations.ts";
import type { DesktopBridge } from "../shared/ipc-channel.ts";
import { AttentionView } from "./AttentionView.tsx";
import { DesktopPictures } from "./DesktopPictureThumb.tsx";
import { desktopClient } from "./desktop-client.ts";
import { FirstRunScreen } from "./FirstRunScreen.tsx";
import { ipcTransport } from "./ipc-transport.ts";
import { PanelClosed, PanelGate } from "./PanelGate.tsx";
import { refreshingTransport } from "./refreshing-transport.ts";
import { SignInAgainScreen } from "./SignInAgainScreen.tsx";
import { StartupScreen } from "./StartupScreen.tsx";
import { StatusBar } from "./StatusBar.tsx";
import { useDesktopState } from "./use-desktop-state.ts";
import { useNetworkEvents } from "./use-network-events.ts";

export function App({ bridge }: { bridge: DesktopBridge }) {
  const client = useMemo(() => desktopClient(bridge), [bridge]);
  const desktop = useDesktopState(client);
  const { refresh, apply } = desktop;
  useNetworkEvents(client, apply);
  const api = useMemo(
    () =>
      new TransportApiClient(
        refreshingTransport(ipcTransport(bridge), () => void refresh()),
        "device",
      ),
    [bridge, refresh],
  );
  const [view, setView] = useState<"panel" | "attention">("panel");
  const [connecting, setConnecting] = useState(false);
  /** A connect is under way: its screen stays up with the download's progress until it answers. */
  const [connectPending, setConnectPending] = useState(false);
  const [signInLater, setSignInLater] = useState(false);
  const [syncRequested, setSyncRequested] = useState(false);
  const [panelClosed, setPanelClosed] = useState(false);
  const [panelKey, setPanelKey] = useState(0);
  // 'Needs attention' and 'Connect' take the panel's place: its unsaved changes go only when the user says so.
  const guard = useDiscardGuard();

  const onState = useCallback(
    (next: DesktopState) => {
      apply(next);
      setConnecting(false);
      if (!next.needsSignIn) setSignInLater(false);
    },
    [apply],
  );

  const syncNow = useCallback(async () => {
    setSyncRequested(true);
    try {
      apply(await client.call("desktop.syncNow", {}));
    } catch {
      // The status area shows main's lastError at the next poll.
    } finally {
      setSyncRequested(false);
      await refresh();
    }
  }, [client, apply, refresh]);

  // After logout (the desktop app keeps no session) or losing the panel permission.
  const leave = useCallback(() => setPanelClosed(true), []);
  const reopen = useCallback(() => {
    setPanelClosed(false);
    setPanelKey((k) => k + 1);
  }, []);

  const state = desktop.state;
  if (!state) return <StartupScreen error={desktop.error} onRetry={refresh} />;
  if (state.mode === "first-run" || connecting || connectPending)
    return (
      <FirstRunScreen
        client={client}
        onDone={onState}
        download={state.download}
        onConnecting={setConnectPending}
        {...(connecting
          ? { onCancel: () => setConnecting(false), initial: { serverUrl: state.serverUrl, username: state.username } }
          : {})}
      />
    );
  if (state.needsSignIn && !signInLater)
    return <SignInAgainScreen client={client} state={state} onDone={onState} onLater={() => setSignInLater(true)} />;

  return (
    <div className="flex h-dvh flex-col">
      <StatusBar
        state={state}
        view={view}
        onSyncNow={syncNow}
        syncRequested={syncRequested}
        onShowAttention={() => void guard(() => setView("attention"))}
        onShowPanel={() => setView("panel")}
        onConnect={() => void guard(() => setConnecting(true))}
        onCancelDownload={() => void client.call("desktop.cancelDownload", {}).then(apply, () => refresh())}
        onResumeDownload={() => void client.call("desktop.resumeDownload", {}).then(apply, () => refresh())}
      />
      <main id="main" className="min-h-0 flex-1 overflow-y-auto">
        {view === "attention" ? (
          <AttentionView client={client} attentionCount={state.attention} onState={onState} />
        ) : panelClosed ? (
          <PanelClosed onOpen={reopen} />
        ) : (
          // A new session check whenever who the app acts as may have changed.
          <AuthProvider key={`${state.mode}:${state.username ?? ""}:${panelKey}`} api={api}>
            <PendingChangesProvider ids={state.pendingEntityIds}>
              {/* Offline, a save says it waits on this computer until the connection returns. */}
              <SavesWaitProvider offline={state.mode === "connected" && !state.online}>
                <DesktopPictures client={client} online={state.online}>
                  <PanelGate onLeave={leave} onRetry={reopen} />
                </DesktopPictures>
              </SavesWaitProvider>
            </PendingChangesProvider>
          </AuthProvider>
        )}
      </main>
    </div>
  );
}
