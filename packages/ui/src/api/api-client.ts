/**
 * The one door through which UI code reaches the backend (docs/design.md §1): `api.call(operation, input)`,
 * its input and answer typed from the operation registry, so no operation is spelled here. The site passes
 * `HttpApiClient` (HTTP transport plus the logged-in hint cookie); the desktop renderer a
 * `TransportApiClient` over its IPC transport.
 */
import type { Project, ProjectsQuery, SessionUser, UsersQuery } from "@portfolio/core/domain";
import {
  ApiError,
  ApiNetworkError,
  type InputOf,
  type OperationName,
  type Operations,
  type ResultOf,
  type Transport,
} from "@portfolio/core/operations/client";

export { ApiError, ApiNetworkError };

export interface ApiClient {
  /**
   * How this client proves who it is: the browser's session cookie, or the desktop app's device token,
   * which cannot change a password or list browser sessions (those stay on the website).
   */
  readonly credential: "session" | "device";
  /** Any operation of the registry by name, e.g. `call("projects.delete", { id })`; refusals reject with `ApiError`. */
  call<K extends OperationName>(name: K, input: InputOf<Operations[K]>): Promise<ResultOf<Operations[K]>>;
  /** The logged-in user, or null when there is no session (`auth.me` answered with an error). */
  me(): Promise<SessionUser | null>;
}

/** The fields a project editor sends (a project without its server-set fields); empty links are sent as absent. */
/** A project as the editor sends it: the page's slug, long description and pictures only when it edits them. */
export type ProjectBody = Omit<
  Project,
  "_id" | "createdAt" | "updatedAt" | "version" | "slug" | "longDescription" | "pictures"
> &
  Partial<Pick<Project, "slug" | "longDescription" | "pictures">>;

/** What a page of the projects list asks for: a limit, and the sort (direction, seed), or the previous page's `next`. */
export type ProjectsPageRequest = Pick<ProjectsQuery, "limit" | "cursor" | "sort" | "seed" | "direction">;

/** A users query with its page size, so no caller asks for every user by leaving the paging out. */
export type BoundedUsersQuery = UsersQuery & { limit: number };

/**
 * The message to show for a failed call: the server's own error text when it sent one, otherwise the
 * screen's fixed failure message. `unreachable` overrides the fallback when the server was not reached.
 */
export function errorMessage(error: unknown, fallback: string, unreachable: string = fallback): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof ApiNetworkError) return unreachable;
  return fallback;
}

/** Why a call failed, for a second line under a fixed message: the server's text, or that it was not reached. */
export function failureReason(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof ApiNetworkError) return error.message;
  return undefined;
}

/** An `ApiClient` over any `Transport`: every operation passes straight through, none is named here. */
export class TransportApiClient implements ApiClient {
  constructor(
    protected readonly transport: Transport,
    readonly credential: "session" | "device" = "session",
  ) {}

  call<K extends OperationName>(name: K, input: InputOf<Operations[K]>): Promise<ResultOf<Operations[K]>> {
    return this.transport.call(name, input);
  }

  async me(): Promise<SessionUser | null> {
    try {
      return await this.call("auth.me", {});
    } catch (error) {
      if (error instanceof ApiError) return null;
      throw error;
    }
  }
}
