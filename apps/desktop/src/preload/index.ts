/**
 * The sandboxed preload (built as CommonJS: sandboxed preloads cannot be ES modules). It exposes one
 * function bound to the one `invoke` channel and nothing else: no ipcRenderer, no Node, no channel name.
 */
import { contextBridge, ipcRenderer } from "electron";
import { BRIDGE_KEY, type DesktopBridge, INVOKE_CHANNEL, type InvokePayload } from "../shared/ipc-channel.ts";

const bridge = {
  invoke: (operation, input) => {
    const payload: InvokePayload = { operation, input };
    return ipcRenderer.invoke(INVOKE_CHANNEL, payload);
  },
} satisfies DesktopBridge;

contextBridge.exposeInMainWorld(BRIDGE_KEY, bridge);
