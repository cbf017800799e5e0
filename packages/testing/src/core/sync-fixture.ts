/**
 * Test fixture for the sync tests: a real core over a temporary database, users with given permissions,
 * and helpers that call operations as those users through `runOperation`, as the transports do.
 */
import { randomUUID } from "node:crypto";
import {
  DEFAULT_ROLES,
  type InputParts,
  membershipFor,
  type OperationName,
  PROFILE_ENTITY_ID,
  SYNC_SCHEMA_VERSION,
  type SyncOp,
  type SyncOpInput,
  type SyncOpResult,
  type SyncPullAnswer,
  syncOpSchema,
  userRank,
} from "@portfolio/core/domain";
import { runOperation } from "@portfolio/core/operations";
import { hashPassword, insertUser, newId, type UserActor } from "@portfolio/core/services";
import { createTestCore, type TestCore } from "./test-core.ts";

export const OWNER_PERMISSIONS = ["override:owner"];

/** Every fixture user's password (minting a device token asks for it). */
export const USER_PASSWORD = "Fixture-passw0rd";
const userPasswordHash = hashPassword(USER_PASSWORD, 4);

export async function addUser(core: TestCore, username: string, permissions: string[], isActive = true) {
  const id = newId();
  const now = new Date().toISOString();
  await insertUser(core.db, {
    id,
    username,
    email: `${username}@example.com`,
    password_hash: await userPasswordHash,
    permissions: JSON.stringify(permissions),
    role_key: membershipFor(permissions),
    rank: userRank(permissions),
    is_active: isActive ? 1 : 0,
    created_at: now,
    updated_at: now,
  });
  const actor: UserActor = { kind: "user", id, username, permissions, credential: "device" };
  return actor;
}

export interface SyncFixture {
  core: TestCore;
  owner: UserActor;
  /** An admin: projects yes, the site profile no. */
  admin: UserActor;
  /** A moderator: admin panel yes (may sync), projects no. */
  moderator: UserActor;
  close(): Promise<void>;
}

export async function createSyncFixture(): Promise<SyncFixture> {
  const core = await createTestCore();
  return {
    core,
    owner: await addUser(core, "owner", OWNER_PERMISSIONS),
    admin: await addUser(core, "admin1", [...DEFAULT_ROLES.admin.permissions]),
    moderator: await addUser(core, "moderator1", [...DEFAULT_ROLES.moderator.permissions]),
    close: () => core.close(),
  };
}

/** Calls an operation as `actor`, as HTTP or IPC would (parts: params, query, body). */
export function call<K extends OperationName>(
  core: TestCore,
  actor: UserActor,
  name: K,
  parts: Partial<InputParts> = {},
) {
  return runOperation({ core, actor, transport: {} }, name, { params: {}, query: {}, body: undefined, ...parts });
}

/** A web (session) edit, as the admin panel makes it. */
export function asWeb(actor: UserActor): UserActor {
  return { ...actor, credential: "session" };
}

export function op(input: Partial<SyncOpInput> & Pick<SyncOpInput, "entityId">): SyncOp {
  return syncOpSchema.parse({
    opId: randomUUID(),
    entity: "project",
    kind: "upsert",
    fields: {},
    baseVersion: 0,
    at: new Date().toISOString(),
    ...input,
  });
}

export function profileOp(fields: Record<string, unknown>, baseVersion: number): SyncOp {
  return op({ entity: "profile", entityId: PROFILE_ENTITY_ID, fields, baseVersion });
}

export const NEW_PROJECT = { title: "Sync bot", description: "Made offline.", tags: ["bot"] };

export async function push(
  core: TestCore,
  actor: UserActor,
  ops: SyncOp[],
  clientId = "desktop-1",
): Promise<SyncOpResult[]> {
  const answer = await call(core, actor, "sync.push", {
    body: { clientId, schemaVersion: SYNC_SCHEMA_VERSION, ops },
  });
  return answer.results;
}

export function pull(core: TestCore, actor: UserActor, query: Record<string, unknown> = {}): Promise<SyncPullAnswer> {
  return call(core, actor, "sync.pull", { query });
}
