import { createTestCore, type TestCore } from "@portfolio/testing/core/test-core.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../data/database.ts";
import { bootstrap, createOwnerOnce, seedOnce } from "./bootstrap.ts";
import { builtInProjectId } from "./projects.service.ts";
import { seedRoles } from "./roles.service.ts";
import { verifyPassword } from "./secrets.ts";

let core: TestCore;
beforeEach(async () => {
  core = await createTestCore();
});
afterEach(async () => {
  await core.close();
});

const owner = { username: "boss", email: "boss@example.com", password: "boss-password" };

describe("first start", () => {
  it("creates the owner with override:owner, the four roles and the 14 built-in projects", async () => {
    const result = await bootstrap(core, owner);
    expect(result).toEqual({ ownerCreated: true, projectsSeeded: true });
    const users = await core.db.selectFrom("users").selectAll().execute();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({
      username: "boss",
      email: "boss@example.com",
      is_active: 1,
      permissions: '["override:owner"]',
    });
    expect(await verifyPassword("boss-password", users[0]?.password_hash ?? "")).toBe(true);
    expect((await core.db.selectFrom("roles").select("key").execute()).map((r) => r.key).sort()).toEqual([
      "admin",
      "moderator",
      "owner",
      "user",
    ]);
    const projects = await core.db.selectFrom("projects").selectAll().execute();
    expect(projects).toHaveLength(14);
    expect(projects.filter((p) => p.is_latest === 1).map((p) => p.external_link)).toEqual(["/twitchcotdwidget"]);
    expect(projects.filter((p) => p.is_archived === 1)).toHaveLength(2);
  });

  it("dates each seeded project by its own history before the seeding time, not all on the seeding day", async () => {
    await bootstrap(core, owner);
    const now = core.now().getTime();
    const rows = await core.db.selectFrom("projects").select(["title", "created_at", "updated_at"]).execute();
    const days = (iso: string) => iso.slice(0, 10);
    expect(new Set(rows.map((r) => days(r.created_at))).size).toBe(14);
    for (const row of rows) {
      expect(Date.parse(row.created_at)).toBeLessThan(now);
      expect(Date.parse(row.updated_at)).toBeGreaterThan(Date.parse(row.created_at));
      expect(Date.parse(row.updated_at)).toBeLessThanOrEqual(now);
    }
    const byTitle = new Map(rows.map((r) => [r.title, r]));
    // The archived first bot is the oldest; the latest widget is among the newest.
    const discord = byTitle.get("Discord Bot")?.created_at ?? "";
    expect(rows.every((r) => r.created_at >= discord)).toBe(true);
    const cat = byTitle.get("Cat of the Day Stream Widget")?.created_at ?? "";
    expect(rows.every((r) => r.created_at <= cat)).toBe(true);
  });

  it("gives each built-in project the same UUID on every database, so a local-only desktop can sync edits to it", async () => {
    await bootstrap(core, owner);
    const other = await createTestCore();
    try {
      await bootstrap(other, owner);
      const ids = async (db: TestCore["db"]) =>
        (await db.selectFrom("projects").select(["id", "title"]).orderBy("title").execute()).map((r) => [
          r.title,
          r.id,
        ]);
      const here = await ids(core.db);
      expect(await ids(other.db)).toEqual(here);
      expect(new Set(here.map(([, id]) => id)).size).toBe(14);
      for (const [title, id] of here) {
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(id).toBe(builtInProjectId(title as string));
      }
    } finally {
      await other.close();
    }
  });

  it("generates a password when none is configured and answers it once", async () => {
    const result = await bootstrap(core, { username: "boss", email: "boss@example.com" });
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const row = await core.db.selectFrom("users").select("password_hash").executeTakeFirstOrThrow();
    expect(await verifyPassword(result.generatedPassword ?? "", row.password_hash)).toBe(true);
    expect((await bootstrap(core, { username: "boss", email: "boss@example.com" })).generatedPassword).toBeUndefined();
  });

  it("seeds the roles and the 14 projects in a step of its own, which creates no user (a server runs it before listening)", async () => {
    expect(await seedOnce(core)).toEqual({ projectsSeeded: true });
    expect(await core.db.selectFrom("roles").select("key").execute()).toHaveLength(4);
    expect(await core.db.selectFrom("projects").select("id").execute()).toHaveLength(14);
    expect(await core.db.selectFrom("users").select("id").execute()).toEqual([]);
  });

  it("creates the owner in a step of its own after the seeding, once", async () => {
    await seedOnce(core);
    expect(await createOwnerOnce(core, owner)).toEqual({ ownerCreated: true });
    expect(await createOwnerOnce(core, { ...owner, username: "other" })).toEqual({ ownerCreated: false });
    const users = await core.db.selectFrom("users").select(["username", "role_key"]).execute();
    expect(users).toEqual([{ username: "boss", role_key: "owner" }]);
  });

  it("runs once only: a second start creates nothing", async () => {
    await bootstrap(core, owner);
    const again = await bootstrap(core, { ...owner, username: "other" });
    expect(again).toEqual({ ownerCreated: false, projectsSeeded: false });
    expect(await core.db.selectFrom("users").select("id").execute()).toHaveLength(1);
    expect(await core.db.selectFrom("projects").select("id").execute()).toHaveLength(14);
  });

  it("does not bring back built-in projects the owner deleted", async () => {
    await bootstrap(core, owner);
    await core.db.deleteFrom("projects").execute();
    await bootstrap(core, owner);
    expect(await core.db.selectFrom("projects").select("id").execute()).toHaveLength(0);
  });
});

describe("two instances starting at once on one database", () => {
  it("create one owner and seed the built-in projects once", async () => {
    // On PostgreSQL a second pool is a second instance. SQLite serves one instance (a second process would
    // wait on the file lock); in one process both starts share its single connection.
    const second = core.dialect === "postgres" ? openDatabase(core.databaseUrl, { poolSize: 4 }).db : core.db;
    // The roles already there (as after a restore), so no row lock on them happens to order the two starts.
    await seedRoles(core.db, new Date());
    try {
      const results = await Promise.all([
        bootstrap(core, owner),
        bootstrap({ ...core, db: second }, { ...owner, username: "boss2", email: "boss2@example.com" }),
      ]);
      expect(results.filter((r) => r.ownerCreated)).toHaveLength(1);
      expect(results.filter((r) => r.projectsSeeded)).toHaveLength(1);
      expect(await core.db.selectFrom("users").select("id").execute()).toHaveLength(1);
      expect(await core.db.selectFrom("projects").select("id").execute()).toHaveLength(14);
      expect(await core.db.selectFrom("roles").select("key").execute()).toHaveLength(4);
    } finally {
      if (second !== core.db) await second.destroy();
    }
  });
});
