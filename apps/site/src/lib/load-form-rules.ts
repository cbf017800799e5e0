/**
 * The sign-in forms' checks come with zod (about 25 kB gzip), so they load when a visitor starts on a form
 * (its first focus) instead of with the page: /login, the reset page and a dead link's page paint and
 * hydrate without them. A submit waits for them if they are still on their way.
 */
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
