/**
 * Over HTTP: staff with users:edit correct a user's e-mail address. The new address waits as
 * pending until its owner opens the single-use link mailed to it; the address in use is told; a deactivated
 * account gets no mail and no confirmation (docs/security.md, promise 33); request and confirmation are audited.
 */
import { MESSAGES } from "@portfolio/core/domain";
import { EMAIL_DEACTIVATED, EMAIL_TAKEN_SINCE, EMAIL_UNCHANGED } from "@portfolio/core/services";
import { PASSWORD, type RoleAccounts } from "@portfolio/testing/server/accounts.ts";
import { enableTotp } from "@portfolio/testing/server/second-factor.ts";
import { serverWithAccounts } from "@portfolio/testing/server/server-with-accounts.ts";
import { sentMails, type TestServer, tokenFromLink, tokenMailedTo } from "@portfolio/testing/server/test-server.ts";
import { describe, expect, it } from "vitest";

let server: TestServer;
let accounts: RoleAccounts;
serverWithAccounts((started) => ({ server, accounts } = started));

const NEW_EMAIL = "mod.new@example.com";
const HOUR = 60 * 60 * 1000;

const mails = () => sentMails(server);

const changeModeratorEmail = (email = NEW_EMAIL, as = accounts.as.owner) =>
  as.post<Record<string, unknown>>(`/api/admin/users/${accounts.ids.moderator}/email`, { email });

const confirmationToken = () => tokenMailedTo(server, NEW_EMAIL);

const confirm = (token: string) => server.client().post("/api/confirm-email", { token });

async function moderatorRow() {
  const res = await accounts.as.owner.get<{ users: Record<string, unknown>[] }>("/api/admin/users");
  return res.body.users.find((u) => u._id === accounts.ids.moderator);
}

describe("a correction by staff", () => {
  it("keeps the address in use and answers the user with the new address pending", async () => {
    const res = await changeModeratorEmail();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: "moderator1@example.com", pendingEmail: NEW_EMAIL });
    expect(await moderatorRow()).toMatchObject({ email: "moderator1@example.com", pendingEmail: NEW_EMAIL });
  });

  it("mails a confirmation link to the new address", async () => {
    await changeModeratorEmail();
    const mail = (await mails()).find((m) => m.to.includes(NEW_EMAIL));
    expect(mail?.subject).toBe("Confirm your new e-mail address");
    expect(mail?.link).toMatch(/\/confirm-email\?token=[\w-]{40,}$/);
  });

  it("tells the address in use that it is being changed, without a link that changes anything", async () => {
    await changeModeratorEmail();
    const notice = (await mails()).find((m) => m.to.includes("moderator1@example.com"));
    expect(notice?.subject).toBe("Your e-mail address is being changed");
    expect(notice?.link).not.toContain("token=");
  });

  it("is refused, 409, for an address another account uses, whatever its case", async () => {
    const res = await changeModeratorEmail("USER1@Example.com");
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: MESSAGES.emailTaken });
  });

  it("is refused for the address the user already has", async () => {
    const res = await changeModeratorEmail("Moderator1@example.com");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: EMAIL_UNCHANGED });
  });

  it("is refused for an address that is not one", async () => {
    const res = await changeModeratorEmail("not-an-address");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Email must be a valid email address." });
  });

  it("is audited with the addresses before and after, and the link's issue", async () => {
    await changeModeratorEmail();
    const res = await accounts.as.owner.get<{ entries: { action: string; actorName: string; details: unknown }[] }>(
      "/api/admin/audit?kind=user.email_change_requested",
    );
    expect(res.body.entries.map((e) => [e.action, e.actorName, e.details])).toEqual([
      [
        "user.email_change_requested",
        "owner",
        { username: "moderator1", before: { email: "moderator1@example.com" }, after: { email: NEW_EMAIL } },
      ],
    ]);
  });
});

describe("who may correct an address", () => {
  it("needs users:edit", async () => {
    const res = await changeModeratorEmail(NEW_EMAIL, accounts.as.moderator);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You do not have permission to edit users." });
  });

  it("never reaches a user who holds permissions the caller lacks", async () => {
    const res = await accounts.as.custom.post(`/api/admin/users/${accounts.ids.admin}/email`, { email: NEW_EMAIL });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: "You cannot change the e-mail address of a user who holds permissions you do not have.",
    });
  });

  it("never reaches the owner for anyone but the owner", async () => {
    const res = await accounts.as.admin.post(`/api/admin/users/${accounts.ids.owner}/email`, { email: NEW_EMAIL });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You cannot change the e-mail address of the owner." });
  });

  it("is not for your own account here, unless you are the owner", async () => {
    const own = await accounts.as.admin.post(`/api/admin/users/${accounts.ids.admin}/email`, { email: NEW_EMAIL });
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ error: "You cannot change the e-mail address of your own account here." });
    const owner = await accounts.as.owner.post(`/api/admin/users/${accounts.ids.owner}/email`, { email: NEW_EMAIL });
    expect(owner.status).toBe(200);
  });

  it("is open to a partial admin with users:edit for a user below them", async () => {
    const res = await accounts.as.custom.post(`/api/admin/users/${accounts.ids.user}/email`, { email: NEW_EMAIL });
    expect(res.status).toBe(200);
  });
});

describe("the confirmation link", () => {
  it("makes the new address the one in use and withdraws the pending one", async () => {
    await changeModeratorEmail();
    const res = await confirm(await confirmationToken());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MESSAGES.emailChangeConfirmed });
    const row = await moderatorRow();
    expect(row?.email).toBe(NEW_EMAIL);
    expect(row).not.toHaveProperty("pendingEmail");
  });

  it("lets the user log in with the new address", async () => {
    await changeModeratorEmail();
    await confirm(await confirmationToken());
    const res = await server.client().post("/api/login", { username: NEW_EMAIL, password: PASSWORD });
    expect(res.status).toBe(200);
  });

  it("works once", async () => {
    await changeModeratorEmail();
    const token = await confirmationToken();
    await confirm(token);
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: MESSAGES.tokenInvalid });
  });

  it("expires after 48 hours", async () => {
    await changeModeratorEmail();
    const token = await confirmationToken();
    server.clock.advance(48 * HOUR + 60_000);
    const res = await confirm(token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: MESSAGES.tokenExpired });
    expect((await moderatorRow())?.email).toBe("moderator1@example.com");
  });

  it("still works just before 48 hours", async () => {
    await changeModeratorEmail();
    const token = await confirmationToken();
    server.clock.advance(47 * HOUR);
    expect((await confirm(token)).status).toBe(200);
  });

  it("of an earlier correction no longer works once another was made", async () => {
    await changeModeratorEmail();
    const first = await confirmationToken();
    await changeModeratorEmail("mod.other@example.com");
    expect((await confirm(first)).status).toBe(400);
  });

  it("is refused, 409, when another account took the address since, and changes nothing", async () => {
    await changeModeratorEmail();
    const token = await confirmationToken();
    await accounts.as.owner.post(`/api/admin/users/${accounts.ids.user}/email`, { email: NEW_EMAIL.toUpperCase() });
    const userToken = tokenFromLink((await mails()).findLast((m) => m.link.includes("/confirm-email"))?.link ?? "");
    expect((await confirm(userToken)).status).toBe(200);
    const res = await confirm(token);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: EMAIL_TAKEN_SINCE });
    expect((await moderatorRow())?.email).toBe("moderator1@example.com");
  });

  it("is audited as the account it was mailed to", async () => {
    await changeModeratorEmail();
    await confirm(await confirmationToken());
    const res = await accounts.as.owner.get<{ entries: { action: string; actorName: string; details: unknown }[] }>(
      "/api/admin/audit?kind=user.email_changed",
    );
    expect(res.body.entries.map((e) => [e.action, e.actorName, e.details])).toEqual([
      [
        "user.email_changed",
        "moderator1",
        { username: "moderator1", before: { email: "moderator1@example.com" }, after: { email: NEW_EMAIL } },
      ],
    ]);
  });

  it("can be checked without using it up", async () => {
    await changeModeratorEmail();
    const token = await confirmationToken();
    const check = await server.client().post("/api/confirm-email/check", { token });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ message: MESSAGES.emailChangeTokenUsable });
    expect((await confirm(token)).status).toBe(200);
    expect((await server.client().post("/api/confirm-email/check", { token })).status).toBe(400);
  });
});

describe("a deactivated account (docs/security.md, promise 33)", () => {
  it("cannot have its address corrected, and gets no mail", async () => {
    await accounts.as.owner.patch(`/api/admin/users/${accounts.ids.moderator}`, { isActive: false });
    const before = (await mails()).length;
    const res = await changeModeratorEmail();
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: EMAIL_DEACTIVATED });
    expect((await mails()).length).toBe(before);
  });

  it("confirms nothing with a link mailed before the deactivation, even once reactivated", async () => {
    await changeModeratorEmail();
    const token = await confirmationToken();
    await accounts.as.owner.patch(`/api/admin/users/${accounts.ids.moderator}`, { isActive: false });
    expect((await confirm(token)).status).toBe(400);
    await accounts.as.owner.patch(`/api/admin/users/${accounts.ids.moderator}`, { isActive: true });
    expect((await confirm(token)).status).toBe(400);
    const row = await moderatorRow();
    expect(row?.email).toBe("moderator1@example.com");
    expect(row).not.toHaveProperty("pendingEmail");
  });
});

describe("a take-over by staff is told to the address the account had (docs/security.md, staff)", () => {
  const OLD_EMAIL = "moderator1@example.com";
  const toOld = async () => (await mails()).filter((m) => m.to.includes(OLD_EMAIL));
  /** A mail's text with its quoted-printable line breaks joined. */
  const textOf = (mail: { raw: string } | undefined) => mail?.raw.replace(/=\r?\n/g, "");

  async function addressChanged() {
    await changeModeratorEmail();
    await confirm(await confirmationToken());
  }

  it("tells the address it replaced once the change took effect, naming the new one", async () => {
    await addressChanged();
    const notice = (await toOld()).find((m) => m.subject === "Your e-mail address was changed");
    expect(textOf(notice)).toContain(`The e-mail address of your account is now ${NEW_EMAIL}.`);
    expect(notice?.link).not.toContain("token=");
  });

  it("tells the previous address when staff then remove the account's second factors", async () => {
    await enableTotp(server, await server.login("moderator1", PASSWORD), PASSWORD);
    await addressChanged();
    expect((await accounts.as.owner.delete(`/api/admin/users/${accounts.ids.moderator}/second-factors`)).status).toBe(
      204,
    );
    const notice = (await toOld()).find((m) => m.subject === "A change to the account that used this address");
    expect(textOf(notice)).toContain("owner removed the second factors of your account");
  });

  it("tells the previous address when staff then send a password reset link", async () => {
    await addressChanged();
    expect((await accounts.as.owner.post(`/api/admin/users/${accounts.ids.moderator}/reset-password`)).status).toBe(
      200,
    );
    const notice = (await toOld()).find((m) => m.subject === "A change to the account that used this address");
    expect(textOf(notice)).toContain(`owner sent a link to choose a new password for your account to ${NEW_EMAIL}.`);
    expect(notice?.link).not.toContain("token=");
  });

  it("no longer tells the previous address 30 days after the change", async () => {
    await addressChanged();
    server.clock.advance(30 * 24 * HOUR);
    await accounts.as.owner.post(`/api/admin/users/${accounts.ids.moderator}/reset-password`);
    const notices = (await toOld()).filter((m) => m.subject === "A change to the account that used this address");
    expect(notices).toEqual([]);
  });
});
