/**
 * The app:// scheme the packaged renderer is served from (Electron's security checklist, item 18: prefer a
 * custom protocol to file://). A file:// page shares its origin with every other file on the disk; the
 * app://portfolio origin is the app's alone and serves only the files of the built renderer folder
 * (renderer-files.ts), so the packaged app can also switch file://'s extra privileges off (its fuses).
 */
import type { CustomScheme } from "electron";

export const APP_SCHEME = "app";

/** A standard scheme needs a host; it is the renderer's origin, so it never changes between versions. */
export const APP_HOST = "portfolio";

export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** The page a packaged (or built, not dev-served) app loads. */
export const APP_RENDERER_URL = `${APP_ORIGIN}/index.html`;

/**
 * For `protocol.registerSchemesAsPrivileged`, which only works before `ready`. `standard` gives the scheme
 * an origin, relative URLs and web storage; `secure` makes its pages a secure context (as https is);
 * `supportFetchAPI` lets the page fetch its own files. `corsEnabled` stays unset on purpose: Electron serves
 * registered schemes outside Chromium's CORS checks, so that privilege would let other origins read ours.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
};
