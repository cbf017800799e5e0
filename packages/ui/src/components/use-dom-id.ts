import { useId } from "react";

/**
 * React's `useId`, shaped as an id that valid HTML and CSS selectors accept everywhere: React 19 makes ids
 * like `_R_br_`, which begin with an underscore (its `identifierPrefix` option goes after that underscore,
 * so it cannot help). Each underscore becomes a hyphen behind a letter prefix: one-to-one, so ids stay
 * unique, and the server and the client derive the same one, so hydration matches.
 */
export function useDomId(prefix = "id"): string {
  return toDomId(useId(), prefix);
}

export function toDomId(reactId: string, prefix = "id"): string {
  return `${prefix}${reactId.replace(/_/g, "-")}`;
}
