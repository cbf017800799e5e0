import { describe, expect, it } from "vitest";
import { brandedHtml, senderAddress, senderName } from "./layout.ts";

describe("the mail layout", () => {
  it("heads the mail with the site's display name and names the site in the footer", () => {
    const html = brandedHtml({ name: "Alex Morgan", siteUrl: "https://alex.dev" }, "Reset your password", "<p>Hi</p>");
    expect(html).toContain("<title>Reset your password</title>");
    expect(html).toContain('font-weight:600;">Alex Morgan</td>');
    expect(html).toContain(
      'Sent by Alex Morgan from <a href="https://alex.dev" style="color:#4f46e5;">https://alex.dev</a>.',
    );
    expect(html).toContain("<p>Hi</p>");
  });

  it("escapes the display name, the subject and the site address", () => {
    const html = brandedHtml({ name: `Ann <b>"&'`, siteUrl: 'https://x.dev/"><script>' }, "<i>Subject</i>", "");
    expect(html).toContain("Ann &lt;b&gt;&quot;&amp;&#39;");
    expect(html).toContain("<title>&lt;i&gt;Subject&lt;/i&gt;</title>");
    expect(html).toContain("https://x.dev/&quot;&gt;&lt;script&gt;");
    expect(html).not.toContain("<b>");
    expect(html).not.toContain("<script>");
  });

  it("leaves the site out of the footer when it is not known", () => {
    expect(brandedHtml({ name: "Alex", siteUrl: "" }, "S", "")).toContain("Sent by Alex.</td>");
  });
});

describe("MAIL_FROM's parts", () => {
  it("reads the address of a named and of a bare From", () => {
    expect(senderAddress("Portfolio <no-reply@alex.dev>")).toBe("no-reply@alex.dev");
    expect(senderAddress("no-reply@alex.dev")).toBe("no-reply@alex.dev");
  });

  it("reads the name of a named From, quoted or not, and none of a bare one", () => {
    expect(senderName("Portfolio <no-reply@alex.dev>")).toBe("Portfolio");
    expect(senderName('"Alex Morgan" <no-reply@alex.dev>')).toBe("Alex Morgan");
    expect(senderName("no-reply@alex.dev")).toBeUndefined();
  });
});
