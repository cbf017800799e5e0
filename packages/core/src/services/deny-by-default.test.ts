/** docs/security.md, promise 9: no core call works without an acting user holding the permission. */

import { createTestCore, type TestCore } from "@portfolio/testing/core/test-core.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Forbidden, Unauthenticated } from "../domain/errors.ts";
import { bootstrap } from "./bootstrap.ts";
import { ANONYMOUS, type UserActor } from "./context.ts";
import { createProject, deleteProject, updateProject } from "./projects.service.ts";
import { listRoles, updateRolePermissions } from "./roles.service.ts";
import { listUserDeviceTokens, revokeUserDeviceToken } from "./user-devices.service.ts";
import { deleteUser, listUsers, requestUserPasswordReset, updateUser } from "./users.service.ts";

// One core for the file: every call below is refused before it reads or writes anything, so no test leaves
// anything behind for the next (a call that wrongly went through still fails its own test).
let core: TestCore;
beforeAll(async () => {
  core = await createTestCore();
  await bootstrap(core, { username: "boss", email: "boss@example.com", password: "boss-password" });
});
afterAll(async () => {
  await core.close();
});

const nobody: UserActor = { kind: "user", id: "x", username: "nobody", permissions: [] };
const calls = {
  createProject: (a: typeof ANONYMOUS) => createProject(core, a, { title: "t", description: "d" }),
  updateProject: (a: typeof ANONYMOUS) => updateProject(core, a, "id", { title: "t" }),
  deleteProject: (a: typeof ANONYMOUS) => deleteProject(core, a, "id"),
  listUsers: (a: typeof ANONYMOUS) => listUsers(core, a),
  updateUser: (a: typeof ANONYMOUS) => updateUser(core, a, "id", { isActive: true }),
  deleteUser: (a: typeof ANONYMOUS) => deleteUser(core, a, "id"),
  requestUserPasswordReset: (a: typeof ANONYMOUS) => requestUserPasswordReset(core, a, "id"),
  listRoles: (a: typeof ANONYMOUS) => listRoles(core, a),
  updateRolePermissions: (a: typeof ANONYMOUS) => updateRolePermissions(core, a, "user", { permissions: [] }),
  listUserDeviceTokens: (a: typeof ANONYMOUS) => listUserDeviceTokens(core, a, "id"),
  revokeUserDeviceToken: (a: typeof ANONYMOUS) => revokeUserDeviceToken(core, a, "id", "token-id"),
};

describe.each(Object.entries(calls))("%s", (_name, call) => {
  it("refuses an anonymous actor", async () => {
    await expect(call(ANONYMOUS)).rejects.toBeInstanceOf(Unauthenticated);
  });
  it("refuses a user without the permission", async () => {
    await expect(call(nobody)).rejects.toBeInstanceOf(Forbidden);
  });
});
