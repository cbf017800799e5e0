/**
 * Usernames for the audit log's 'Who' box, searched as the owner types: debounced, and an answer that
 * arrives after a newer keystroke is dropped, so the list always matches the box.
 */
import { useEffect, useRef, useState } from "react";
import { useApi } from "../../auth/auth-context.tsx";
import { ACTOR_SUGGESTION_DEBOUNCE_MS, actorSuggestionQuery } from "./actor-suggestions.ts";

export function useActorSuggestions(typed: string): string[] {
  const api = useApi();
  const [names, setNames] = useState<string[]>([]);
  const sequence = useRef(0);

  useEffect(() => {
    const ticket = ++sequence.current;
    const query = actorSuggestionQuery(typed);
    if (!query) {
      setNames([]);
      return;
    }
    const timer = setTimeout(() => {
      api.call("users.list", query).then(
        (answer) => {
          if (ticket === sequence.current) setNames(answer.users.map((u) => u.username));
        },
        // Suggestions are a convenience: a failed search leaves the box usable, with none.
        () => {
          if (ticket === sequence.current) setNames([]);
        },
      );
    }, ACTOR_SUGGESTION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [api, typed]);

  return names;
}
