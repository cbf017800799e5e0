/**
 * For the sync API tests: a client that calls the server as the desktop app does, with
 * `Authorization: Bearer <device token>`, no cookie and no Origin (it is not a browser page).
 */
import { randomUUID } from "node:crypto";
import { SYNC_SCHEMA_VERSION, type SyncOpInput } from "@portfolio/core/domain";
import { TestClient, type TestServer } from "./test-server.ts";

export class DeviceClient {
  private readonly http: TestClient;
  constructor(
    url: string,
    readonly token: string,
  ) {
    this.http = new TestClient(url, null);
  }

  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown) {
    return this.http.request<T>(method, path, body, { authorization: `Bearer ${this.token}` });
  }

  push(ops: SyncOpInput[], extra: { clientId?: string; schemaVersion?: number } = {}) {
    return this.call("POST", "/api/sync/push", {
      clientId: extra.clientId ?? "desktop-1",
      schemaVersion: extra.schemaVersion ?? SYNC_SCHEMA_VERSION,
      ops,
    });
  }
}

/**
 * Logs in as the user with a session, creates a device token (the password asked again), and returns a
 * client holding it.
 */
export async function connectDevice(server: TestServer, username: string, password: string, name = "Laptop") {
  const web = await server.login(username, password);
  const res = await web.post<{ token: string; id: string }>("/api/sync/tokens", { name, password });
  if (res.status !== 201) throw new Error(`token: ${res.status} ${res.text}`);
  return { web, device: new DeviceClient(server.url, res.body.token), tokenId: res.body.id };
}

export function syncOp(input: Partial<SyncOpInput> & Pick<SyncOpInput, "entityId">): SyncOpInput {
  return {
    opId: randomUUID(),
    entity: "project",
    kind: "upsert",
    fields: {},
    baseVersion: 0,
    at: new Date().toISOString(),
    ...input,
  };
}

export const NEW_PROJECT = { title: "Desk project", description: "Written offline.", tags: ["desk"] };
