import { describe, expect, it } from "vitest";
import { activationMail, resetMail, usernameTakenMail } from "./templates.ts";

const LINK = "https://alex.dev/reset-password?token=abc&x=1";

describe("account mail texts", () => {
  it("carries the link in the text part and as the HTML's button", () => {
    const mail = resetMail("ann@example.com", "ann", LINK);
    expect(mail.text).toBe(
      `Hi ann,\n\nSomeone asked to reset your password. Open this link to choose a new one. It is valid for 1 hour and works once.\n\n${LINK}\n\nIf you did not ask for this, you can ignore this e-mail; your password stays as it is.\n`,
    );
    expect(mail.html).toContain('<a href="https://alex.dev/reset-password?token=abc&amp;x=1"');
    expect(mail.html).toContain(">Reset Password</a>");
  });

  it("escapes the username in the HTML part and keeps it as typed in the text part", () => {
    const mail = activationMail("ann@example.com", "<img src=x onerror=alert(1)>", LINK);
    expect(mail.html).toContain("<p>Hi &lt;img src=x onerror=alert(1)&gt;,</p>");
    expect(mail.html).not.toContain("<img");
    expect(mail.text.startsWith("Hi <img src=x onerror=alert(1)>,\n\n")).toBe(true);
  });

  it("escapes the taken username's quotes", () => {
    const mail = usernameTakenMail("ann@example.com", "ann", "https://alex.dev/login");
    expect(mail.html).toContain("The username &quot;ann&quot; is already taken, so no account was created.");
  });
});
