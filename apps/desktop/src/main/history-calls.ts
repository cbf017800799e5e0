/**
 * History, restore and the trash in the desktop app. History and the trash live on the server:
 * they are read through it, and while offline the call answers 'needs a connection' like any server call.
 * A restore is an ordinary edit here: the chosen version's fields (remembered from the history the owner
 * was shown, else read from the server) become a local `projects.update` based on the local version, queued
 * in the outbox and pushed like any edit, online or offline. An Undo of a delete is the server's trash
 * restore when it can be reached (after pushing the delete, then pulling the project back); offline it is
 * the local trash's restore, queued as an upsert that the server takes as the project living again.
 */
import {
  DomainError,
  type HistoryItem,
  NotFound,
  type OperationName,
  type ProjectFieldsView,
  type ProjectHistoryAnswer,
  projectEditFromVersion,
} from "@portfolio/core/domain";
import { ApiError } from "@portfolio/core/operations/client";

export const VERSION_NEEDS_CONNECTION =
  "That version is not on this computer: open the project's history while online, then restore it.";
export const VERSION_NOT_FOUND = "That version of the project was not found.";

export interface HistoryCallDeps {
  /** A registry call made on the server (throws 'needs a connection' when it cannot be reached). */
  forward: (name: OperationName, input: Record<string, unknown>) => Promise<unknown>;
  /** A registry call run on the local core as the app's user (an edit lands in the outbox). */
  local: (name: OperationName, input: Record<string, unknown>) => Promise<unknown>;
  /** Pushes what waits and pulls the server's changes; resolves when done (a failure stays in the state). */
  sync: () => Promise<void>;
}

/** Each takes the input already validated by the operation's own schemas. */
export type HistoryCalls = Partial<Record<OperationName, (input: Record<string, unknown>) => Promise<unknown>>>;

function isNeedsConnection(error: unknown): boolean {
  return error instanceof DomainError && error.payload?.needsConnection === true;
}

export function historyCalls(deps: HistoryCallDeps): HistoryCalls {
  // Every version the owner has been shown, by project and number: what an offline restore brings back.
  const versions = new Map<string, ProjectFieldsView>();
  const key = (id: string, version: number) => `${id}:${version}`;
  const remember = (id: string, items: readonly HistoryItem<ProjectFieldsView>[]) => {
    for (const item of items) versions.set(key(id, item.version), item.fields);
  };

  const fieldsOf = async (id: string, version: number): Promise<ProjectFieldsView> => {
    const known = versions.get(key(id, version));
    if (known) return known;
    let answer: ProjectHistoryAnswer;
    try {
      // The page that starts at that version: one item.
      answer = (await deps.forward("projects.history", { id, before: version + 1, limit: 1 })) as ProjectHistoryAnswer;
    } catch (error) {
      if (isNeedsConnection(error))
        throw new DomainError("unavailable", VERSION_NEEDS_CONNECTION, { needsConnection: true });
      throw error;
    }
    remember(id, answer.items);
    const found = versions.get(key(id, version));
    if (!found) throw new NotFound(VERSION_NOT_FOUND);
    return found;
  };

  return {
    "projects.history": async (input) => {
      const answer = (await deps.forward("projects.history", input)) as ProjectHistoryAnswer;
      remember(String(input.id), answer.items);
      return answer;
    },
    "projects.restore": async (input) => {
      const { id, version, baseVersion } = input as { id: string; version: number; baseVersion?: number };
      const fields = await fieldsOf(id, version);
      return deps.local("projects.update", {
        id,
        ...projectEditFromVersion(fields),
        ...(baseVersion === undefined ? {} : { version: baseVersion }),
      });
    },
    "trash.restore": async (input) => {
      try {
        // The delete may still wait in the outbox: the server must have it before it can restore it.
        await deps.sync();
        const project = await deps.forward("trash.restore", input);
        await deps.sync();
        return project;
      } catch (error) {
        const notOnServer = error instanceof ApiError && error.status === 404;
        if (!isNeedsConnection(error) && !notOnServer) throw error;
        return deps.local("trash.restore", input);
      }
    },
  };
}
