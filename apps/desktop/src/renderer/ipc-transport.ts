/**
 * The renderer's way to the backend: the UI's generic `Transport` over the preload bridge, the IPC twin of
 * the site's HTTP transport (no per-operation code). A refusal arrives as the same `ApiError` the HTTP
 * transport throws (status, the server's message, the rest as `details`), a bridge that fails as
 * `ApiNetworkError`, so the shared admin panel handles both alike.
 */
import { ApiError, ApiNetworkError, type Transport } from "@portfolio/core/operations/client";
import { BRIDGE_KEY, type DesktopBridge, type InvokeReply } from "../shared/ipc-channel.ts";

/** One call on the bridge by name, for registry and desktop operations alike. */
export async function invokeBridge(bridge: DesktopBridge, operation: string, input: unknown): Promise<unknown> {
  let reply: InvokeReply;
  try {
    reply = await bridge.invoke(operation, input);
  } catch (error) {
    throw new ApiNetworkError(error);
  }
  if (reply.ok) return reply.value;
  throw new ApiError(reply.status, reply.error, { ...reply.details });
}

export function ipcTransport(bridge: DesktopBridge = bridgeFromWindow()): Transport {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: the registry types the answer; main sent what the operation returns.
    call: (name, input) => invokeBridge(bridge, name, input) as Promise<any>,
  };
}

export function bridgeFromWindow(): DesktopBridge {
  const bridge = (window as unknown as Record<string, DesktopBridge | undefined>)[BRIDGE_KEY];
  if (!bridge) throw new Error("The desktop bridge is missing: the renderer must run inside the desktop app.");
  return bridge;
}
