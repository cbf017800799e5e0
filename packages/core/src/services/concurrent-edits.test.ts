/**
 * Read-check-write edits that run at the same moment (two admins, or two server instances on one database)
 * never interleave into a state neither of them intended. On SQLite one writer runs at a time; on
 * PostgreSQL (TEST_DATABASE=postgres) the serializable transactions the runner opens for them (their registry
 * entries) make the same hold. Each edit goes through `runOperation`, as the transports call it.
 */

import { createTestCore, type TestCore } from "@portfolio/testing/core/test-core.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { InputParts, OperationName } from "../domain/operations/index.ts";
import { sameRoleSetMessage } from "../domain/roles.ts";
import { runOperation } from "../operations/run-operation.ts";
import { bootstrap } from "./bootstrap.ts";
import type { Actor } from "./context.ts";
import { projectsRevision } from "./projects.table.ts";
import { listRoles } from "./roles.service.ts";
import { newId } from "./secrets.ts";
import { userKey } from "./users.table.ts";

let core: TestCore;
let owner: Actor;
beforeEach(async () => {
  core = await createTestCore();
  await bootstrap(core, { username: "boss", email: "boss@example.com", password: "boss-password" });
  const row = await core.db.selectFrom("users").select(["id", "username"]).executeTakeFirstOrThrow();
  owner = { kind: "user", id: row.id, username: row.username, permissions: ["override:owner"] };
});
afterEach(async () => {
  await core.close();
});

async function addUser(username: string, permissions: string[], roleKey: string | null): Promise<string> {
  const id = newId();
  const at = new Date().toISOString();
  await core.db
    .insertInto("users")
    .values({
      id,
      username,
      username_key: userKey(username),
      email: `${username}@example.com`,
      email_key: userKey(`${username}@example.com`),
      password_hash: "x",
      permissions: JSON.stringify(permissions),
      role_key: roleKey,
      is_active: 1,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/** One operation as the owner, as a transport runs it. */
function call(name: OperationName, parts: Partial<InputParts>) {
  return runOperation({ core, actor: owner, transport: {} }, name, {
    params: {},
    query: {},
    body: undefined,
    ...parts,
  });
}

const updateRolePermissions = (roleKey: string, body: object) => call("roles.update", { params: { roleKey }, body });
const updateUser = (id: string, body: object) => call("users.update", { params: { id }, body });
const createProject = (body: object) => call("projects.create", { body }) as Promise<{ _id: string; version: number }>;
const updateProject = (id: string, body: object) => call("projects.update", { params: { id }, body });

/** Runs both at once and answers how each ended. */
function together<A, B>(a: () => Promise<A>, b: () => Promise<B>) {
  return Promise.allSettled([a(), b()]);
}

const SHARED_SET = ["website:view", "projects:view"];

describe("concurrent edits", () => {
  it("two role edits giving two roles the same set at once: one is refused, the roles never end up twins", async () => {
    const results = await together(
      () => updateRolePermissions("moderator", { permissions: SHARED_SET }),
      () => updateRolePermissions("user", { permissions: SHARED_SET }),
    );
    const refused = results.filter((r) => r.status === "rejected");
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const message = (refused[0] as PromiseRejectedResult).reason.message as string;
    expect([sameRoleSetMessage("Moderator", "User"), sameRoleSetMessage("User", "Moderator")]).toContain(message);
    const roles = await listRoles(core, owner);
    expect([roles.moderator.permissions, roles.user.permissions].filter((p) => p.length === 2)).toHaveLength(1);
  });

  it("a role edit and a user edit joining that role at once: every member ends up holding the role's set", async () => {
    // A few rounds, alternating the role's set, so the two transactions overlap in more than one order.
    const sets = [
      ["website:view", "users:view"],
      ["website:view", "website:admin:view", "projects:view", "users:view"],
    ];
    for (let round = 0; round < 6; round++) {
      const current = (await listRoles(core, owner)).moderator.permissions;
      const next = sets[round % 2] as string[];
      const id = await addUser(`carol${round}`, ["website:view"], "user");
      const results = await together(
        () => updateRolePermissions("moderator", { permissions: next }),
        () => updateUser(id, { username: `carol${round}`, permissions: current }),
      );
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
      const role = (await listRoles(core, owner)).moderator.permissions;
      const members = await core.db
        .selectFrom("users")
        .select(["username", "permissions"])
        .where("role_key", "=", "moderator")
        .execute();
      for (const member of members) {
        expect({ member: member.username, holds: JSON.parse(member.permissions) }).toEqual({
          member: member.username,
          holds: role,
        });
      }
    }
  });

  it("two users renamed to one name at once: one rename wins, the other is told the name is taken", async () => {
    const a = await addUser("anna", ["website:view"], "user");
    const b = await addUser("bert", ["website:view"], "user");
    const results = await together(
      () => updateUser(a, { username: "Same", permissions: ["website:view"] }),
      () => updateUser(b, { username: "same", permissions: ["website:view"] }),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.message).toBe("That username is already taken.");
    expect(await core.db.selectFrom("users").select("id").where("username_key", "=", "same").execute()).toHaveLength(1);
  });

  it("twenty project writes at once each move the list's revision: a cached list never misses one", async () => {
    const before = await projectsRevision(core.db);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createProject({
          title: `Tool ${i}`,
          description: "d",
          tags: [],
          isArchived: false,
          isLatest: false,
        }),
      ),
    );
    expect(await projectsRevision(core.db)).toBe(before + 20);
  });

  it("twenty edits of one project at once without a version: each applies in turn, none is refused as stale", async () => {
    const project = await createProject({ title: "Shared", description: "d", tags: [] });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => updateProject(project._id, { description: `Edit ${i}` })),
    );
    expect(results.filter((r) => r.status === "rejected").map((r) => String(r.reason))).toEqual([]);
    const row = await core.db
      .selectFrom("projects")
      .select("version")
      .where("id", "=", project._id)
      .executeTakeFirstOrThrow();
    expect(row.version).toBe(project.version + 20);
  });
});
