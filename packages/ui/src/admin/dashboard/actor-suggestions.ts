/**
 * The audit log's 'Who' suggestions: a few usernames starting with what was typed, asked of the
 * users search as the owner types, so the dashboard never loads every user to suggest a name.
 */
import type { BoundedUsersQuery } from "../../api/api-client.ts";

/** As many names as a suggestion list shows without scrolling. */
export const ACTOR_SUGGESTIONS = 8;
/** The same pause as the Users tab's search box: folds a burst of typing into one request. */
export const ACTOR_SUGGESTION_DEBOUNCE_MS = 50;

/** The search for what was typed, or null when nothing was (no request: an empty box suggests nothing). */
export function actorSuggestionQuery(typed: string): BoundedUsersQuery | null {
  const q = typed.trim();
  return q === "" ? null : { q, limit: ACTOR_SUGGESTIONS };
}
