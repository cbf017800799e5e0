/**
 * The Users tab at any size, on both dialects: without parameters every user in the spec's order
 * (rank, then username); with paging parameters one page from the database's index, a cursor to go on,
 * search by username or e-mail prefix, and filters by role and status.
 */

import { addUser, asWeb, createSyncFixture, type SyncFixture } from "@portfolio/testing/core/sync-fixture.ts";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dialectOf } from "../data/dialect.ts";
import { DEFAULT_ROLES } from "../domain/roles.ts";
import { updateRolePermissions } from "./roles.service.ts";
import { listUsers, updateUser } from "./users.service.ts";

let f: SyncFixture;
beforeEach(async () => {
  f = await createSyncFixture();
  await addUser(f.core, "zed", ["website:view"]);
  await addUser(f.core, "Bob", ["website:view"]);
  await addUser(f.core, "alice", ["website:view"], false);
  await addUser(f.core, "carol.mod", [...DEFAULT_ROLES.moderator.permissions]);
  // Custom permissions covering the moderator set: shown as a moderator (custom), ranked with moderators.
  await addUser(f.core, "dave", [...DEFAULT_ROLES.moderator.permissions, "projects:edit"]);
});
afterEach(async () => {
  await f.close();
});

const names = (answer: { users: { username: string }[] }) => answer.users.map((u) => u.username);
const list = (query: Record<string, unknown> = {}) => listUsers(f.core, f.owner, query);

describe("GET /api/admin/users without paging parameters", () => {
  it("answers every user, by rank then username without regard to case, with no cursor", async () => {
    const answer = await list();
    expect(names(answer)).toEqual(["owner", "admin1", "carol.mod", "dave", "moderator1", "alice", "Bob", "zed"]);
    expect(answer).not.toHaveProperty("next");
  });
});

describe("GET /api/admin/users with paging parameters", () => {
  it("walks the whole list page by page, in the same order, without gaps or repeats", async () => {
    const everyone = names(await list());
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const answer = await list({ limit: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...names(answer));
      if (answer.next === null) break;
      cursor = answer.next;
    }
    expect(seen).toEqual(everyone);
  });

  it("answers the total from the counters and null as the last page's next", async () => {
    const answer = await list({ limit: 50 });
    expect(answer.total).toBe(8);
    expect(answer.next).toBeNull();
  });

  it("finds users by a username or e-mail prefix, without regard to case", async () => {
    expect(names(await list({ q: "BO" }))).toEqual(["Bob"]);
    expect(names(await list({ q: "carol.mod@ex" }))).toEqual(["carol.mod"]);
    expect(names(await list({ q: "a" }))).toEqual(["admin1", "alice"]);
    expect((await list({ q: "a" })).total).toBeUndefined();
  });

  it("filters by the role the panel shows, custom meaning permissions that match no role", async () => {
    expect(names(await list({ role: "moderator" }))).toEqual(["carol.mod", "dave", "moderator1"]);
    expect(names(await list({ role: "custom" }))).toEqual(["dave"]);
    expect(names(await list({ role: "owner" }))).toEqual(["owner"]);
    expect((await list({ role: "user" })).total).toBe(3);
  });

  it("filters by status: active, inactive (never activated) and deactivated", async () => {
    const bob = (await list({ q: "bob" })).users[0]?._id ?? "";
    await updateUser(f.core, asWeb(f.owner), bob, { isActive: false });
    expect(names(await list({ status: "inactive" }))).toEqual(["alice"]);
    expect(names(await list({ status: "deactivated" }))).toEqual(["Bob"]);
    expect(await list({ status: "active", role: "user" })).toMatchObject({ users: [{ username: "zed" }], total: 1 });
  });

  it("keeps the order when a role edit changes who ranks where", async () => {
    // The moderator set grows past dave's: dave (custom) now only covers the user set.
    await updateRolePermissions(f.core, f.owner, "moderator", {
      permissions: [...DEFAULT_ROLES.moderator.permissions, "projects:create"],
    });
    expect(names(await list({ role: "moderator" }))).toEqual(["carol.mod", "moderator1"]);
    expect(names(await list({ limit: 50 }))).toEqual(names(await list()));
    expect(names(await list())).toEqual(["owner", "admin1", "carol.mod", "moderator1", "alice", "Bob", "dave", "zed"]);
  });

  it("refuses a cursor it did not make, and a limit past 200", async () => {
    await expect(list({ cursor: "bm90LWEtY3Vyc29y" })).rejects.toMatchObject({
      kind: "invalid",
      message: "cursor is not valid: pass the next of the previous page.",
    });
    await expect(list({ limit: 201 })).rejects.toMatchObject({ kind: "invalid", message: "limit must be 1 to 200." });
  });

  it("reads a page in index order: the database never sorts the users", async () => {
    const page = sql`SELECT id FROM users WHERE (rank, username_key) > (1, 'a') ORDER BY rank, username_key LIMIT 51`;
    if (dialectOf(f.core.db) === "sqlite") {
      const plan = (await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${page}`.execute(f.core.db)).rows.map(
        (r) => r.detail,
      );
      expect(plan.join("\n")).toMatch(/USING INDEX users_rank_username/);
      expect(plan.join("\n")).not.toMatch(/TEMP B-TREE/);
      return;
    }
    const plan = await f.core.db.transaction().execute(async (trx) => {
      // A tiny table would be read whole; forbid that, so the plan shows whether an index can give this order.
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      await sql`SET LOCAL enable_sort = off`.execute(trx);
      return (await sql<{ "QUERY PLAN": string }>`EXPLAIN ${page}`.execute(trx)).rows.map((r) => r["QUERY PLAN"]);
    });
    expect(plan.join("\n")).toMatch(/Index Scan using users_rank_username/);
    expect(plan.join("\n")).not.toMatch(/Sort/);
  });
});
