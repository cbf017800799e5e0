/**
 * Runs one call from the renderer, by name:
 * - a desktop operation (shared/desktop-operations.ts): its input validated by its schema, then its handler;
 * - a LOCAL registry operation (what the owner edits offline): `runOperation` on the local core as the
 *   app's user: the same policy, schemas and services as the server;
 * - any other registry operation a device token may make: forwarded to the server with the token, or
 *   'Needs a connection.' when there is no server to ask;
 * - a session-only operation (logging in, passwords, minting tokens) or sync itself: refused here.
 */
import {
  DomainError,
  Forbidden,
  Invalid,
  isOperationName,
  NotFound,
  type OperationName,
  operations,
  parseOperationInput,
  routeOf,
  splitInput,
} from "@portfolio/core/domain";
import { runOperation } from "@portfolio/core/operations";
import { ApiError, ApiNetworkError, type Transport } from "@portfolio/core/operations/client";
import type { Actor, Core } from "@portfolio/core/services";
import type { z } from "zod";
import {
  type DesktopOperationName,
  type DesktopOperations,
  type DesktopResultOf,
  desktopOperations,
  isDesktopOperation,
} from "../shared/desktop-operations.ts";
import { type HistoryCalls, historyCalls } from "./history-calls.ts";

/** What the owner can do with no connection: projects and the site profile, in the local database. */
export const LOCAL_OPERATIONS: ReadonlySet<OperationName> = new Set<OperationName>([
  "hello",
  "auth.me",
  "projects.list",
  "projects.create",
  "projects.update",
  "projects.delete",
  "profile.get",
  "profile.update",
]);

/** The sync engine's own calls; the renderer asks for 'Sync now' instead. */
const ENGINE_ONLY: ReadonlySet<OperationName> = new Set<OperationName>(["sync.push", "sync.pull"]);

export const NEEDS_CONNECTION = "Needs a connection.";
export const NOT_IN_DESKTOP = "This is done on the website, not in the desktop app.";

export type Placement = "local" | "server" | "refused";

export function placementOf(name: OperationName): Placement {
  if (LOCAL_OPERATIONS.has(name)) return "local";
  const spec = operations[name];
  const credentials: readonly string[] = "credentials" in spec ? spec.credentials : ["session", "device"];
  if (ENGINE_ONLY.has(name) || !credentials.includes("device")) return "refused";
  return "server";
}

/** `noServer`: the app works locally with no server at all, so being online would not help (the panel says so). */
export function needsConnection(noServer = false): DomainError {
  return new DomainError("unavailable", NEEDS_CONNECTION, { needsConnection: true, ...(noServer ? { noServer } : {}) });
}

export type DesktopHandlers = {
  [K in DesktopOperationName]: (input: z.output<DesktopOperations[K]["input"]>) => Promise<DesktopResultOf<K>>;
};

export interface DispatchDeps {
  core: Core;
  actor: () => Promise<Actor>;
  desktop: DesktopHandlers;
  /** The device transport, or null when not connected or signed out. */
  server: () => Promise<Transport | null>;
  /** Whether the app is connected to a server at all (false while working locally); true when not given. */
  hasServer?: () => boolean;
  /** Whether the server answered a forwarded call. */
  reachable: (answered: boolean) => void;
  /** The server refused the token (401). */
  unauthorized: () => Promise<void>;
  /** Registry calls the desktop answers its own way (a picture added offline), by name. */
  calls?: HistoryCalls;
  /** Pushes what waits and pulls the server's changes now (history-calls.ts: Undo of a delete). */
  sync: () => Promise<void>;
}

export type Dispatch = (operation: string, input: unknown) => Promise<unknown>;

function asObject(input: unknown): Record<string, unknown> {
  if (input === undefined || input === null) return {};
  if (typeof input !== "object" || Array.isArray(input)) throw new Invalid("The input must be an object.");
  return input as Record<string, unknown>;
}

export function createDispatch(deps: DispatchDeps): Dispatch {
  const runDesktop = async (name: DesktopOperationName, input: unknown) => {
    const parsed = desktopOperations[name].input.safeParse(input ?? {});
    if (!parsed.success) throw new Invalid(parsed.error.issues[0]?.message ?? "Invalid input.");
    const handler = deps.desktop[name] as (input: unknown) => Promise<unknown>;
    return handler(parsed.data);
  };

  const forward = async (name: OperationName, input: Record<string, unknown>) => {
    // Refused here with the server's own message when the input is wrong: no round trip, same words.
    parseOperationInput(operations[name], splitInput(routeOf(operations[name]), input));
    const server = await deps.server();
    if (!server) throw needsConnection(deps.hasServer ? !deps.hasServer() : false);
    try {
      // biome-ignore lint/suspicious/noExplicitAny: the input was just validated by the operation's own schemas.
      const value = await server.call(name, input as any);
      deps.reachable(true);
      return value;
    } catch (error) {
      if (error instanceof ApiNetworkError) {
        deps.reachable(false);
        throw needsConnection();
      }
      deps.reachable(true);
      if (error instanceof ApiError && error.status === 401) await deps.unauthorized();
      throw error;
    }
  };

  const runLocal = async (name: OperationName, flat: Record<string, unknown>) =>
    runOperation(
      { core: deps.core, actor: await deps.actor(), transport: {} },
      name,
      splitInput(routeOf(operations[name]), flat),
    );

  // History, restore and the trash: read through the server, a restore queued as a local edit.
  const own = { ...historyCalls({ forward, local: runLocal, sync: deps.sync }), ...deps.calls };

  return async (operation, input) => {
    if (isDesktopOperation(operation)) return runDesktop(operation, input);
    if (!isOperationName(operation)) throw new NotFound(`No operation named ${operation}.`);
    const flat = asObject(input);
    const special = own[operation];
    if (special)
      return special(parseOperationInput(operations[operation], splitInput(routeOf(operations[operation]), flat)));
    switch (placementOf(operation)) {
      case "local":
        return runLocal(operation, flat);
      case "server":
        return forward(operation, flat);
      default:
        throw new Forbidden(NOT_IN_DESKTOP);
    }
  };
}
