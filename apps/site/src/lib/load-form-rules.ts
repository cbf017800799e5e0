/**
 * The sign-in forms' checks come with zod (about 25 kB gzip), so they load when a visitor starts on a form
 * (its first focus) instead of with the page: /login, the reset page and a dead link's page paint and
 * hydrate without them. A submit waits for them if they are still on their way.
 */
import { MESSAGES } from "@portfolio/core/domain";
import { useRef } from "react";

export type FormRules = typeof import("./form-rules.ts");

let loading: Promise<FormRules> | undefined;

export function loadFormRules(): Promise<FormRules> {
  loading ??= import("./form-rules.ts").catch((error: unknown) => {
    loading = undefined; // the next submit tries again (back online, or after a redeploy)
    throw error;
  });
  return loading;
}

/** For a form's onFocus: start loading before the first submit. */
export function preloadFormRules(): void {
  loadFormRules().catch(() => undefined);
}

/**
 * A form's submit through its checks: `withRules(submit)` runs `submit` once they are there. A submit made
 * while an earlier one still waits for them is dropped; when they cannot load, `onUnavailable` gets the
 * message to show.
 */
export function useFormRules(
  onUnavailable: (message: string) => void,
): (submit: (rules: FormRules) => Promise<void> | void) => Promise<void> {
  const waiting = useRef(false);
  return async (submit) => {
    if (waiting.current) return;
    waiting.current = true;
    const rules = await loadFormRules().catch(() => null);
    waiting.current = false;
    if (rules) await submit(rules);
    else onUnavailable(MESSAGES.unexpected);
  };
}
