/**
 * zod compiles fast parsers with `new Function` unless told not to; before that it probes whether eval
 * is allowed, and the site's Content Security Policy (no 'unsafe-eval') refuses the probe, which the
 * browser reports as a CSP violation on every page with a form. Interpreted parsing is plenty for forms.
 *
 * zod keeps its settings in `globalThis.__zod_globalConfig` (shared by every copy of zod) and keeps what
 * is there when it loads: setting it here, before any chunk with a schema runs, spares the home page
 * zod's own code. The object is changed in place, never replaced, so a copy of zod that loaded earlier
 * (and holds that object) follows the setting too. Imported first by main.tsx; the test next to this file
 * holds it against real zod.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

// A module (not a script), so main.tsx and the test can import it.
export {};
