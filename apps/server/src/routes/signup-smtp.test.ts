import { afterEach, beforeEach, expect, it } from "vitest";
import { type FakeSmtp, startFakeSmtp } from "../test/fake-smtp.ts";
import { outboxMails, parseMail, startTestServer, type TestServer, tokenFromLink } from "../test/test-server.ts";

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
