import {
  OWNER,
  outboxMails,
  parseMail,
  startTestServer,
  type TestServer,
  tokenFromLink,
} from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, expect, it } from "vitest";
import { type FakeSmtp, startFakeSmtp } from "../test/fake-smtp.ts";

let smtp: FakeSmtp;
let server: TestServer;
beforeEach(async () => {
  smtp = await startFakeSmtp();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
});
afterEach(async () => {
  await server.close();
  await smtp.close();
});

it("runs sign-up, activation, login and logout with the link read from a mail received over SMTP", async () => {
  const user = { username: "smtpuser", email: "smtp.user@example.com", password: "smtp-pass-1" };
  expect((await server.client().post("/api/signup", user)).status).toBe(201);
  // The mail leaves after the answer.
  await server.core.mailer.drain();

  expect(smtp.messages).toHaveLength(1);
  expect(smtp.messages[0]?.to).toEqual(["smtp.user@example.com"]);
  const mail = parseMail(smtp.messages[0]?.raw ?? "");
  expect(mail.subject).toBe("Activate your account");
  expect(mail.link).toMatch(new RegExp(`^${server.url}/activate-account\\?token=`));
  // With SMTP configured nothing is written to the file outbox.
  expect(outboxMails(server.outboxDir)).toHaveLength(0);

  expect((await server.client().post("/api/activate-account", { token: tokenFromLink(mail.link) })).status).toBe(200);
  const client = await server.login(user.username, user.password);
  expect((await client.get("/api/me")).body).toMatchObject({ username: "smtpuser" });
  expect((await client.post("/api/logout")).status).toBe(204);
  expect((await client.get("/api/me")).status).toBe(401);
});

/** The body of a quoted-printable part as sent (soft breaks joined, escapes decoded). */
function decodedParts(raw: string): string {
  return Buffer.from(
    raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

async function mailedReset(): Promise<string> {
  await server.client().post("/api/forgot-password", { email: OWNER.email });
  await server.core.mailer.drain();
  return smtp.messages.at(-1)?.raw ?? "";
}

it("sends from the site's display name, with a text part and the site's HTML layout beside it", async () => {
  const raw = await mailedReset();
  expect(raw).toMatch(/^From: Alex Morgan <no-reply@localhost>$/m);
  expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
  const body = decodedParts(raw);
  expect(body).toContain("Content-Type: text/plain; charset=utf-8");
  expect(body).toContain("Content-Type: text/html; charset=utf-8");
  expect(body).toContain('font-weight:600;">Alex Morgan</td>');
  expect(body).toContain(`Sent by Alex Morgan from <a href="${server.url}" style="color:#4f46e5;">${server.url}</a>.`);
});

it("signs the next mail with a renamed display name, quoted in the From header and escaped in the HTML", async () => {
  const owner = await server.login(OWNER.username, OWNER.password);
  const profile = (await server.client().get<Record<string, unknown>>("/api/settings/profile")).body;
  const renamed = await owner.patch("/api/admin/settings/profile", { ...profile, ownerName: 'Morgan, "Alex" <Dev>' });
  expect(renamed.status).toBe(200);
  const raw = await mailedReset();
  expect(raw).toMatch(/^From: "Morgan, \\"Alex\\" <Dev>" <no-reply@localhost>$/m);
  const html = decodedParts(raw).split("Content-Type: text/html; charset=utf-8")[1] ?? "";
  expect(html).toContain('font-weight:600;">Morgan, &quot;Alex&quot; &lt;Dev&gt;</td>');
  expect(html).not.toContain("<Dev>");
});
