/**
 * Nothing is lost for good, for the site profile. docs/security.md, promise 32: every change keeps the whole
 * profile as a version; a restore is an edit like any other (history, chained audit entry, sync to desktops,
 * 409 on a stale baseVersion), made only by the owner, who alone may change the profile.
 */
// docs/security.md, promise 32
import {
  type AuditLogAnswer,
  type AuditVerifyAnswer,
  DEFAULT_SITE_PROFILE,
  type SiteProfile,
  type SiteProfileHistoryAnswer,
} from "@portfolio/core/domain";
import { type RoleAccounts, roleAccounts } from "@portfolio/testing/server/accounts.ts";
import { startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

let server: TestServer;
let accounts: RoleAccounts;

const first: SiteProfile = { ...DEFAULT_SITE_PROFILE, ownerName: "Sam Rivera", tagline: "First" };
const second: SiteProfile = { ...first, businessEmail: "hello@samrivera.dev", tagline: "Second" };

beforeEach(async () => {
  server = await startTestServer();
  accounts = await roleAccounts(server);
  await accounts.as.owner.patch("/api/admin/settings/profile", first);
  await accounts.as.owner.patch("/api/admin/settings/profile", second);
});
afterEach(async () => {
  await server.close();
});

async function history(query = ""): Promise<SiteProfileHistoryAnswer> {
  const res = await accounts.as.owner.get<SiteProfileHistoryAnswer>(`/api/admin/settings/profile/history${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function lastAudit() {
  return (await accounts.as.owner.get<AuditLogAnswer>("/api/admin/audit?limit=1")).body.entries[0];
}

describe("GET /api/admin/settings/profile/history", () => {
  it("lists every version newest first, with who, when and the whole profile, back to the built-in one", async () => {
    const { items, next } = await history();
    expect(next).toBeNull();
    expect(items.map((i) => [i.version, i.action, i.actor?.username ?? null])).toEqual([
      [2, "edit", "owner"],
      [1, "edit", "owner"],
      [0, "before-history", null],
    ]);
    expect(items[0]?.fields).toEqual(second);
    expect(items[1]?.fields).toEqual(first);
    expect(items[2]?.fields).toEqual(DEFAULT_SITE_PROFILE);
    expect(items[0]?.actor).toEqual({ id: accounts.ids.owner, username: "owner" });
  });

  it("pages back with ?limit= and ?before=, like the audit log", async () => {
    const page = await history("?limit=2");
    expect(page.items.map((i) => i.version)).toEqual([2, 1]);
    expect(page.next).toBe(1);
    const rest = await history(`?limit=2&before=${page.next}`);
    expect(rest.items.map((i) => i.version)).toEqual([0]);
    expect(rest.next).toBeNull();
  });

  it("answers the built-in profile as the one version of a profile never changed", async () => {
    const fresh = await startTestServer();
    try {
      const owner = await fresh.login("owner", "owner-password-1");
      const res = await owner.get<SiteProfileHistoryAnswer>("/api/admin/settings/profile/history");
      expect(res.body).toMatchObject({
        items: [{ version: 0, action: "before-history", actor: null, fields: DEFAULT_SITE_PROFILE }],
        next: null,
      });
    } finally {
      await fresh.close();
    }
  });

  it("is for whoever may open the admin panel", async () => {
    expect((await accounts.as.moderator.get("/api/admin/settings/profile/history")).status).toBe(200);
    const user = await accounts.as.user.get("/api/admin/settings/profile/history");
    expect(user.status).toBe(403);
    expect(user.body).toEqual({ error: "You do not have permission to view the admin panel." });
    expect((await accounts.as.anonymous.get("/api/admin/settings/profile/history")).status).toBe(401);
  });

  it("refuses a limit out of range with the audit log's message", async () => {
    const res = await accounts.as.owner.get("/api/admin/settings/profile/history?limit=0");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "limit must be 1 to 200." });
  });
});

describe("POST /api/admin/settings/profile/restore", () => {
  it("brings a version back as a new version that the public site reads, in the history and the audit log", async () => {
    const res = await accounts.as.owner.post<SiteProfile>("/api/admin/settings/profile/restore", { version: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(first);
    expect((await server.client().get("/api/settings/profile")).body).toEqual(first);
    expect((await history("?limit=1")).items[0]).toMatchObject({
      version: 3,
      action: "restore",
      actor: { username: "owner" },
      fields: first,
    });
    expect(await lastAudit()).toMatchObject({
      action: "settings.restore",
      actorName: "owner",
      targetId: "site_profile",
      details: {
        restoredVersion: 1,
        before: { businessEmail: second.businessEmail, tagline: "Second" },
        after: { businessEmail: first.businessEmail, tagline: "First" },
      },
    });
    const verify = await accounts.as.owner.get<AuditVerifyAnswer>("/api/admin/audit/verify");
    expect(verify.body).toMatchObject({ ok: true });
  });

  it("restores the built-in profile (version 0)", async () => {
    const res = await accounts.as.owner.post<SiteProfile>("/api/admin/settings/profile/restore", { version: 0 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DEFAULT_SITE_PROFILE);
  });

  it("reaches desktops through sync like an edit", async () => {
    await accounts.as.owner.post("/api/admin/settings/profile/restore", { version: 1 });
    const change = await server.core.db
      .selectFrom("sync_changes")
      .selectAll()
      .where("entity", "=", "profile")
      .orderBy("seq", "desc")
      .executeTakeFirstOrThrow();
    expect(change).toMatchObject({ version: 3, deleted: 0 });
    expect(JSON.parse(change.fields)).toMatchObject({ tagline: "First", businessEmail: first.businessEmail });
  });

  it("answers 409 with the current profile on a stale baseVersion, and changes nothing", async () => {
    const res = await accounts.as.owner.post("/api/admin/settings/profile/restore", { version: 0, baseVersion: 1 });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "The site profile was changed elsewhere.", current: second });
    expect((await history()).items).toHaveLength(3);
    expect((await server.client().get("/api/settings/profile")).body).toEqual(second);
  });

  it("applies with the current baseVersion", async () => {
    const res = await accounts.as.owner.post("/api/admin/settings/profile/restore", { version: 0, baseVersion: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DEFAULT_SITE_PROFILE);
  });

  it.each(["admin", "moderator", "user"] as const)(
    "refuses the %s: only the owner changes the profile",
    async (who) => {
      const res = await accounts.as[who].post("/api/admin/settings/profile/restore", { version: 1 });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: "Only the owner can change the site profile." });
      expect((await server.client().get("/api/settings/profile")).body).toEqual(second);
    },
  );

  it("answers 404 for a version that was never kept, and 400 for one that is no version", async () => {
    const missing = await accounts.as.owner.post("/api/admin/settings/profile/restore", { version: 99 });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "That version of the site profile was not found." });
    const bad = await accounts.as.owner.post("/api/admin/settings/profile/restore", { version: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: "version must be a whole number, 0 or more." });
  });
});
