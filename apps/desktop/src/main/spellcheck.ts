/**
 * Spellchecking without downloads. Electron checks spelling with the operating system's checker on
 * macOS, and on Windows and Linux with Hunspell dictionaries it fetches from Google's CDN at first use,
 * which would tell a third party when and in which language the app runs. So the checker is on only on
 * macOS. Elsewhere it is off in the window and in the session (Electron has been seen to fetch dictionaries
 * for a session whose windows all had spellcheck off: electron/electron#22995), and on every platform the
 * download address is a path of the app's own origin that holds no dictionary, so a download that starts
 * anyway never leaves the machine and finds nothing.
 */
import { APP_ORIGIN } from "./app-scheme.ts";

/** Ends in a slash: Electron appends the dictionary's file name to it. */
export const SPELLCHECK_DICTIONARY_URL = `${APP_ORIGIN}/no-spellcheck-dictionaries/`;

/** Whether the platform's spellchecker works without downloading anything. */
export function spellcheckEnabled(platform: NodeJS.Platform): boolean {
  return platform === "darwin";
}

/** The part of Electron's Session the spellcheck settings use. */
export interface SpellcheckSession {
  setSpellCheckerEnabled(enable: boolean): void;
  setSpellCheckerDictionaryDownloadURL(url: string): void;
}

export function configureSpellcheck(session: SpellcheckSession, platform: NodeJS.Platform): void {
  session.setSpellCheckerDictionaryDownloadURL(SPELLCHECK_DICTIONARY_URL);
  session.setSpellCheckerEnabled(spellcheckEnabled(platform));
}
