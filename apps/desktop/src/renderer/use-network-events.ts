/**
 * The system's word on the network, passed to main: the renderer's `online` and `offline` events (Electron
 * fires them when the machine's connection comes and goes). Back online, main syncs at once instead of
 * waiting for the backoff's next retry; gone, the status area says Offline at once.
 */
import { useEffect } from "react";
import type { DesktopState } from "../shared/desktop-operations.ts";
import type { DesktopClient } from "./desktop-client.ts";

export function useNetworkEvents(client: DesktopClient, apply: (state: DesktopState) => void): void {
  useEffect(() => {
    const report = (online: boolean) => () => {
      client.call("desktop.networkChanged", { online }).then(apply, () => {
        // Main unreachable over IPC is the startup screen's concern; the next poll tells.
      });
    };
    const online = report(true);
    const offline = report(false);
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
    };
  }, [client, apply]);
}
