/**
 * The ApiClient for a subtree. The admin panel takes its client from here, so the site mounts it with the
 * HTTP client and the desktop renderer with its IPC client, without the panel knowing which.
 */
import { createContext, type ReactNode, useContext } from "react";
import type { ApiClient } from "./api-client.ts";

const ApiContext = createContext<ApiClient | null>(null);

export function ApiProvider({ api, children }: { api: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error("useApi must be used inside <ApiProvider>.");
  return api;
}
