/**
 * The desktop's own operations (desktop.state, desktop.connect, ...) over the same bridge as the registry
 * ones, typed from apps/desktop/src/shared/desktop-operations.ts (types only: the schemas stay in main).
 */
import type { DesktopInputOf, DesktopOperationName, DesktopResultOf } from "../shared/desktop-operations.ts";
import type { DesktopBridge } from "../shared/ipc-channel.ts";
import { invokeBridge } from "./ipc-transport.ts";

export interface DesktopClient {
  call<K extends DesktopOperationName>(name: K, input: DesktopInputOf<K>): Promise<DesktopResultOf<K>>;
}

export function desktopClient(bridge: DesktopBridge): DesktopClient {
  return {
    call: (name, input) => invokeBridge(bridge, name, input) as Promise<DesktopResultOf<typeof name>>,
  };
}
