import { describe, expect, it } from "vitest";
import { decodeQuotedPrintable, extractTokenLink, parseMail } from "./eml.ts";

/** An activation mail exactly as the server's file outbox writes it (nodemailer, quoted-printable). */
const ACTIVATION_MAIL =
  'From: Portfolio <no-reply@127.0.0.1>\nTo: tester1@example.test\nSubject: Activate your account\nMessage-ID: <83ac2101-37a8-1a32-3212-b6ef1f170f50@127.0.0.1>\nDate: Sat, 21 Nov 2026 23:27:02 +0000\nMIME-Version: 1.0\nContent-Type: multipart/alternative;\n boundary="--_NmP-ff4dce3fc57b527b-Part_1"\n\n----_NmP-ff4dce3fc57b527b-Part_1\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\nHi tester1,\n\nWelcome! Open this link to activate your account. It is valid =\nfor 48 hours.\n\nhttp://127.0.0.1:4000/activate-account?=\ntoken=3DL49SN-y-mrCFWpgi19tBr15f0KKxToagGb81Hi1DFyw\n\nIf you did not sign up, you can ignore this e-mail.\n\n----_NmP-ff4dce3fc57b527b-Part_1\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n<p>Hi tester1,</p><p>Welcome! Open this link to activate your account. It =\nis valid for 48 hours.</p><p><a href=3D"http://127.0.0.=\n1:36787/activate-account?token=3DL49SN-y-mrCFWpgi19tBr15f0KKxToagGb81Hi1DFy=\nw">Activate Account</a></p><p>http://127.0.0.1:4000/activate-account?=\ntoken=3DL49SN-y-mrCFWpgi19tBr15f0KKxToagGb81Hi1DFyw</p><p>If you did not =\nsign up, you can ignore this e-mail.</p>\n----_NmP-ff4dce3fc57b527b-Part_1--\n';

const TOKEN = "L49SN-y-mrCFWpgi19tBr15f0KKxToagGb81Hi1DFyw";

describe("decodeQuotedPrintable", () => {
  it("drops soft line breaks and decodes =XX bytes, UTF-8 included", () => {
    expect(decodeQuotedPrintable("a=\nb=3Dc")).toBe("ab=c");
    expect(decodeQuotedPrintable("caf=C3=A9")).toBe("café");
    expect(decodeQuotedPrintable("x=\r\ny")).toBe("xy");
  });
});

describe("parseMail", () => {
  it("reads headers and both text parts of a multipart mail", () => {
    const mail = parseMail(ACTIVATION_MAIL);
    expect(mail.headers.to).toBe("tester1@example.test");
    expect(mail.headers.subject).toBe("Activate your account");
    expect(mail.texts).toHaveLength(2);
    expect(mail.texts[0]).toContain("It is valid for 48 hours.");
  });
});

describe("extractTokenLink", () => {
  it("finds the activation link across a quoted-printable soft break", () => {
    expect(extractTokenLink(ACTIVATION_MAIL, "/activate-account")).toBe(
      `http://127.0.0.1:4000/activate-account?token=${TOKEN}`,
    );
  });

  it("answers undefined when the mail has no such link", () => {
    expect(extractTokenLink(ACTIVATION_MAIL, "/reset-password")).toBeUndefined();
  });

  it("does not decode a 7bit mail whose token happens to contain =XX", () => {
    const raw = "To: a@b.c\nContent-Type: text/plain\n\nOpen http://x.test/reset-password?token=3DAB12 now";
    expect(extractTokenLink(raw, "/reset-password")).toBe("http://x.test/reset-password?token=3DAB12");
  });
});
