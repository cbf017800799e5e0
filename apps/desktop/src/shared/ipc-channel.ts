/**
 * The one IPC channel between the renderer and main. Shared by preload and main; kept free of imports so
 * the sandboxed preload bundle stays tiny.
 */
export const INVOKE_CHANNEL = "invoke";

/** What the renderer sends: an operation name from the registry and its raw input (validated in main). */
export interface InvokePayload {
  operation: string;
  input: unknown;
}

/** What main answers: the result, or an error shaped like the HTTP API's `{error}` with its status. */
export type InvokeReply =
  | { ok: true; value: unknown }
  | { ok: false; status: number; error: string; details?: Readonly<Record<string, unknown>> };

/** Where the preload puts the bridge on `window`. */
export const BRIDGE_KEY = "portfolioDesktop";

/**
 * The bridge the preload exposes: one function bound to the one channel (the renderer cannot pick a
 * channel). The renderer's IPC transport calls it.
 */
export interface DesktopBridge {
  invoke(operation: string, input?: unknown): Promise<InvokeReply>;
}
