import { describe, expect, it } from "vitest";
import { externalUrl, openExternalLink } from "./external-links.ts";

function recorder() {
  const opened: string[] = [];
  return {
    opened,
    open: async (url: string) => {
      opened.push(url);
    },
  };
}

describe("opening external links (docs/security.md, promise 18)", () => {
  it("opens an https link in the system browser", async () => {
    const browser = recorder();
    expect(await openExternalLink("https://github.com/someone/project", browser.open)).toBe(true);
    expect(browser.opened).toEqual(["https://github.com/someone/project"]);
  });

  it("opens an http link", async () => {
    const browser = recorder();
    expect(await openExternalLink("http://example.com", browser.open)).toBe(true);
    expect(browser.opened).toEqual(["http://example.com/"]);
  });

  it.each([
    "file:///etc/passwd",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "smb://attacker/share",
    "ms-msdt:/id PCWDiagnostic",
    "vscode://file/etc/passwd",
  ])("refuses %s", async (raw) => {
    const browser = recorder();
    expect(await openExternalLink(raw, browser.open)).toBe(false);
    expect(browser.opened).toEqual([]);
  });

  it("refuses text that is not an absolute URL", async () => {
    const browser = recorder();
    expect(await openExternalLink("/projects", browser.open)).toBe(false);
    expect(await openExternalLink("github.com/someone", browser.open)).toBe(false);
    expect(await openExternalLink("https://", browser.open)).toBe(false);
    expect(browser.opened).toEqual([]);
  });

  it("refuses a link carrying credentials, which disguises its real host", () => {
    expect(externalUrl("https://bank.example@evil.example/")).toBeNull();
  });

  it("hands the browser the parsed, normalized URL rather than the raw text", () => {
    expect(externalUrl("HTTPS://Example.COM/a b")).toBe("https://example.com/a%20b");
  });
});
