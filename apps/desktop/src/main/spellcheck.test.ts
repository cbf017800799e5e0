import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { APP_RENDERER_URL } from "./app-scheme.ts";
import { rendererFilesHandler } from "./renderer-files.ts";
import { configureSpellcheck, SPELLCHECK_DICTIONARY_URL, type SpellcheckSession } from "./spellcheck.ts";

/** Electron's Session as far as the spellcheck settings go: it remembers what it was told. */
function recordingSession() {
  const settings: { enabled?: boolean; dictionaryUrl?: string } = {};
  const session: SpellcheckSession = {
    setSpellCheckerEnabled(enable) {
      settings.enabled = enable;
    },
    setSpellCheckerDictionaryDownloadURL(url) {
      settings.dictionaryUrl = url;
    },
  };
  return { session, settings };
}

describe("spellcheck settings of the session", () => {
  it("turn the spellchecker off on Linux, where it would download Hunspell dictionaries", () => {
    const { session, settings } = recordingSession();
    configureSpellcheck(session, "linux");
    expect(settings.enabled).toBe(false);
  });

  it("turn the spellchecker off on Windows", () => {
    const { session, settings } = recordingSession();
    configureSpellcheck(session, "win32");
    expect(settings.enabled).toBe(false);
  });

  it("keep the spellchecker on on macOS, whose own checker downloads nothing", () => {
    const { session, settings } = recordingSession();
    configureSpellcheck(session, "darwin");
    expect(settings.enabled).toBe(true);
  });

  it("point dictionary downloads at the app's own origin instead of Google's CDN, on every platform", () => {
    for (const platform of ["linux", "win32", "darwin"] as const) {
      const { session, settings } = recordingSession();
      configureSpellcheck(session, platform);
      expect(settings.dictionaryUrl, platform).toBe("app://portfolio/no-spellcheck-dictionaries/");
    }
  });

  it("find no dictionary at that address: the app:// handler answers 404", async () => {
    const rendererDir = mkdtempSync(join(tmpdir(), "portfolio-spellcheck-"));
    try {
      writeFileSync(join(rendererDir, "index.html"), "<!doctype html>");
      const serve = rendererFilesHandler({ rendererDir, rendererUrl: APP_RENDERER_URL, csp: "default-src 'none'" });
      const response = await serve(new Request(`${SPELLCHECK_DICTIONARY_URL}en-us-10-1.bdic`));
      expect(response.status).toBe(404);
    } finally {
      rmSync(rendererDir, { recursive: true, force: true });
    }
  });
});
