/**
 * The OpenAPI document as a contract the server is held to: every operation of the registry is
 * called the ways a contract tester would call it (anonymous, logged in without permissions, as the owner
 * with valid and with bad input, with a body over the limit, from another site, with a device token, and
 * against rate limits of one) and each answer's status must be one the document lists for that operation;
 * each 2xx JSON answer must parse with the operation's result schema. Every status an operation declares
 * beyond those of its kind (`statuses`) has a request here that makes the server answer it, so a status
 * removed from the document, or declared and never answered, fails this file.
 */

import { createHash, randomUUID } from "node:crypto";
import {
  DEFAULT_ROLES,
  DEFAULT_SITE_PROFILE,
  OPERATION_NAMES,
  type OperationName,
  type OperationSpec,
  operations,
  SYNC_MAX_OPS,
  SYNC_SCHEMA_VERSION,
} from "@portfolio/core/domain";
import { pictureForm, pngPicture, svgPicture } from "@portfolio/testing/data/pictures.ts";
import { type FakeCatApi, startFakeCatApi } from "@portfolio/testing/fakes/fake-cat-api.ts";
import {
  FAKE_TWITCH_CLIENT_ID,
  type FakeTwitchId,
  startFakeTwitchId,
} from "@portfolio/testing/fakes/fake-twitch-id.ts";
import { type FakeYouTube, makePlaylist, startFakeYouTube } from "@portfolio/testing/fakes/fake-youtube.ts";
import { createAccount, PASSWORD } from "@portfolio/testing/server/accounts.ts";
import { codeNow, enableTotp } from "@portfolio/testing/server/second-factor.ts";
import { SoftAuthenticator } from "@portfolio/testing/server/soft-authenticator.ts";
import {
  OWNER,
  outboxMails,
  startTestServer,
  type TestClient,
  type TestResponse,
  type TestServer,
  tokenFromLink,
} from "@portfolio/testing/server/test-server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { placeholderPath } from "../test/registry-requests.ts";

type Answer = TestResponse<unknown>;
type Document = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

const PLAYLIST = "PLcontractTestList0000001";
const UNKNOWN_PLAYLIST = "PLcontractUnknownList0001";
const NO_LIMIT = 1e6;

let youtube: FakeYouTube;
let cats: FakeCatApi;
let twitch: FakeTwitchId;
/** Rate limits out of the way: what the handlers answer. */
let server: TestServer;
/**
 * Every rate limit at one call per window (two logins per address: the two sessions below), and no Twitch
 * application: what the limits and a missing upstream answer.
 */
let limited: TestServer;
/** The owner on `limited`, kept for the requests that need a session there (never logged out). */
let limitedOwner: TestClient;
/** Another owner session on `limited`, for the walk (which logs out). */
let limitedWalker: TestClient;
let nobody: TestClient;
let deviceToken: string;
let limitedDeviceToken: string;
let document: Document;

beforeAll(async () => {
  youtube = await startFakeYouTube();
  youtube.playlists.set(PLAYLIST, makePlaylist(3, { prefix: "c" }));
  cats = await startFakeCatApi();
  twitch = await startFakeTwitchId();
  const upstreams = {
    YOUTUBE_API_KEY: youtube.apiKey,
    YOUTUBE_API_BASE_URL: youtube.baseUrl,
    CAT_API_BASE_URL: cats.baseUrl,
  };
  server = await startTestServer({
    env: { ...upstreams, TWITCH_CLIENT_ID: FAKE_TWITCH_CLIENT_ID, TWITCH_AUTH_BASE_URL: twitch.baseUrl },
    rateLimits: {
      loginPerIp: NO_LIMIT,
      loginPerUsername: NO_LIMIT,
      loginPerAccount: NO_LIMIT,
      forgotPerEmail: NO_LIMIT,
      forgotPerIp: NO_LIMIT,
      signupPerIp: NO_LIMIT,
      playlistPerIp: NO_LIMIT,
      twitchCallbackPerIp: NO_LIMIT,
      passwordConfirmPerUser: NO_LIMIT,
    },
  });
  limited = await startTestServer({
    env: upstreams,
    rateLimits: {
      // Two logins spend most of the per-IP limit, so an attempt soon after is a 429. The per-name limits count
      // failures only, and a success is uncounted only once its answer is out: three leave room for the
      // successes in a row however late each is uncounted. Calls that ask the password again share one
      // per-user count of wrong passwords: after one, the next is a 429.
      loginPerIp: 3,
      loginPerUsername: 3,
      loginPerAccount: 3,
      forgotPerEmail: 1,
      forgotPerIp: 1,
      signupPerIp: 1,
      playlistPerIp: 1,
      twitchCallbackPerIp: 1,
      syncPushPerCredential: 1,
      passwordConfirmPerUser: 1,
    },
  });
  // The logins the per-IP limit allows, and the mint, before anything else spends them.
  limitedOwner = await limited.login(OWNER.username, OWNER.password);
  limitedWalker = await limited.login(OWNER.username, OWNER.password);
  // Minted before the limits are spent, for the one push the limited server allows.
  const busy = await limitedOwner.post<{ token: string }>("/api/sync/tokens", {
    name: "Busy",
    password: OWNER.password,
  });
  expect(busy.status).toBe(201);
  limitedDeviceToken = busy.body.token;
  await createAccount(server, "nobody", []);
  nobody = await server.login("nobody", PASSWORD);
  const owner = await ownerClient();
  const minted = await owner.post<{ token: string }>("/api/sync/tokens", {
    name: "Contract",
    password: OWNER.password,
  });
  deviceToken = minted.body.token;
  document = (await server.client().get<Document>("/api/openapi.json")).body;
});
afterAll(async () => {
  await server?.close();
  await limited?.close();
  await youtube?.close();
  await cats?.close();
  await twitch?.close();
});

/** A fresh owner session for each use: a call such as logout would end a shared one. */
function ownerClient(on: TestServer = server): Promise<TestClient> {
  return on.login(OWNER.username, OWNER.password);
}

function listedStatuses(spec: OperationSpec): number[] {
  return Object.keys(document.paths[spec.path]?.[spec.method.toLowerCase()]?.responses ?? {}).map(Number);
}

/** What is wrong with one answer, measured against the document and the result schema; empty when nothing. */
function contractProblems(name: OperationName, res: Answer): string[] {
  const spec: OperationSpec = operations[name];
  const listed = listedStatuses(spec);
  const problems: string[] = [];
  if (!listed.includes(res.status))
    problems.push(
      `${name} answered ${res.status} (${res.text.slice(0, 160)}); the document lists ${listed.join(", ")}`,
    );
  if (res.status >= 200 && res.status < 300 && res.status !== 204) {
    const parsed = spec.result.safeParse(spec.produces === "text/html" ? res.text : res.body);
    if (!parsed.success)
      problems.push(`${name}'s ${res.status} answer is not its result schema: ${z.prettifyError(parsed.error)}`);
  }
  return problems;
}

function call(client: TestClient, spec: OperationSpec, body: unknown = {}, path = placeholderPath(spec), headers = {}) {
  return client.request<unknown>(spec.method, path, spec.method === "GET" ? undefined : body, headers);
}

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

async function mailedToken(to: string): Promise<string> {
  await server.core.mailer.drain();
  return tokenFromLink(outboxMails(server.outboxDir).findLast((mail) => mail.to.includes(to))?.link ?? "");
}

/** The token of the confirmation link mailed to `newEmail` for a new account's address correction. */
async function emailChangeToken(username: string, newEmail: string): Promise<string> {
  const id = await createAccount(server, username, []);
  await (await ownerClient()).post(`/api/admin/users/${id}/email`, { email: newEmail });
  return mailedToken(newEmail);
}

/** The token of the link an invitation of `username` mailed. */
async function invitationToken(username: string): Promise<string> {
  await (await ownerClient()).post("/api/admin/users/invite", {
    username,
    email: `${username}@example.com`,
    permissions: [],
  });
  return mailedToken(`${username}@example.com`);
}

/** A new account of its own, signed in (second factors are set up on it, never on the owner others rely on). */
async function freshAccount(username: string, permissions: string[] = []): Promise<TestClient> {
  await createAccount(server, username, permissions);
  return server.login(username, PASSWORD);
}

/** A fresh account with an authenticator app on. */
async function totpAccount(username: string) {
  const client = await freshAccount(username);
  return { client, ...(await enableTotp(server, client, PASSWORD)) };
}

/** A fresh account with a passkey, and the software authenticator holding it. */
async function passkeyAccount(username: string) {
  const client = await freshAccount(username);
  const device = new SoftAuthenticator(server.config.publicUrl);
  const options = await client.post<Record<string, unknown>>("/api/account/passkeys/options", { password: PASSWORD });
  const added = await client.post<{ id: string }>("/api/account/passkeys", {
    name: "Laptop",
    response: device.register(options.body),
  });
  return { client, device, id: added.body.id };
}

/** The password step of a login, for an account with a second factor: the client holding the login step. */
async function passwordStep(username: string): Promise<TestClient> {
  const client = server.client();
  await client.post("/api/login", { username, password: PASSWORD });
  return client;
}

async function createProject(owner: TestClient): Promise<{ _id: string; version: number }> {
  const res = await owner.post<{ _id: string; version: number }>("/api/projects", {
    title: `Contract ${randomUUID()}`,
    description: "Held to its contract.",
  });
  return res.body;
}

/** A request each operation succeeds with, so every result schema meets a real answer. */
const VALID: Record<OperationName, () => Promise<Answer[]>> = {
  hello: async () => [await server.client().get("/api/hello")],
  "meta.openapi": async () => [await server.client().get("/api/openapi.json")],
  "meta.docs": async () => [await server.client().get("/api/docs")],
  "meta.health": async () => [await server.client().get("/api/health")],
  "meta.live": async () => [await server.client().get("/api/live")],
  "auth.me": async () => [await (await ownerClient()).get("/api/me")],
  "auth.login": async () => [
    await server.client().post("/api/login", { username: OWNER.username, password: OWNER.password }),
  ],
  "auth.logout": async () => [await (await ownerClient()).post("/api/logout")],
  "auth.signup": async () => [
    await server.client().post("/api/signup", {
      username: "signedup",
      email: "signedup@example.com",
      password: "signed-up-pass-1",
    }),
  ],
  "auth.activate": async () => {
    await server.client().post("/api/signup", {
      username: "activated",
      email: "activated@example.com",
      password: "activated-pass-1",
    });
    const token = await mailedToken("activated@example.com");
    return [await server.client().post("/api/activate-account", { token })];
  },
  "auth.forgotPassword": async () => [await server.client().post("/api/forgot-password", { email: OWNER.email })],
  "auth.resetPassword": async () => {
    await createAccount(server, "forgetful", []);
    await server.client().post("/api/forgot-password", { email: "forgetful@example.com" });
    const token = await mailedToken("forgetful@example.com");
    return [await server.client().post("/api/reset-password", { token, newPassword: "remembered-pass-1" })];
  },
  "auth.resetToken.check": async () => {
    await createAccount(server, "checker", []);
    await server.client().post("/api/forgot-password", { email: "checker@example.com" });
    const token = await mailedToken("checker@example.com");
    return [await server.client().post("/api/reset-password/check", { token })];
  },
  "auth.emailChange.check": async () => {
    const token = await emailChangeToken("rechecked", "rechecked.new@example.com");
    return [await server.client().post("/api/confirm-email/check", { token })];
  },
  "auth.emailChange.confirm": async () => {
    const token = await emailChangeToken("reconfirmed", "reconfirmed.new@example.com");
    return [await server.client().post("/api/confirm-email", { token })];
  },
  "auth.invitation.check": async () => {
    const token = await invitationToken("invitecheck");
    return [await server.client().post("/api/accept-invitation/check", { token })];
  },
  "auth.invitation.accept": async () => {
    const token = await invitationToken("inviteaccept");
    return [await server.client().post("/api/accept-invitation", { token, password: "accepted-pass-1" })];
  },
  "account.changePassword": async () => {
    await createAccount(server, "changer", []);
    const changer = await server.login("changer", PASSWORD);
    return [await changer.post("/api/account/password", { currentPassword: PASSWORD, newPassword: "changed-pass-1" })];
  },
  "sessions.list": async () => [await (await ownerClient()).get("/api/sessions")],
  "sessions.end": async () => {
    const other = await ownerClient();
    const owner = await ownerClient();
    const mine = await other.get<{ sessions: { id: string; current: boolean }[] }>("/api/sessions");
    const current = mine.body.sessions.find((session) => session.current)?.id ?? "";
    return [await owner.delete(`/api/sessions/${current}`)];
  },
  "sessions.endOthers": async () => {
    // An account of its own, so no owner session another request relies on is ended.
    await createAccount(server, "leaver", []);
    await server.login("leaver", PASSWORD);
    const leaver = await server.login("leaver", PASSWORD);
    return [await leaver.post("/api/sessions/end-others")];
  },
  "projects.list": async () => [await server.client().get("/api/projects")],
  "projects.create": async () => [
    await (await ownerClient()).post("/api/projects", { title: "Created", description: "By the contract test." }),
  ],
  "projects.update": async () => {
    const owner = await ownerClient();
    const project = await createProject(owner);
    return [await owner.patch(`/api/projects/${project._id}`, { title: "Renamed", version: project.version })];
  },
  "projects.delete": async () => {
    const owner = await ownerClient();
    const project = await createProject(owner);
    return [await owner.delete(`/api/projects/${project._id}`)];
  },
  "projects.history": async () => {
    const owner = await ownerClient();
    const project = await createProject(owner);
    return [await owner.get(`/api/projects/${project._id}/history`)];
  },
  "projects.restore": async () => {
    const owner = await ownerClient();
    const project = await createProject(owner);
    await owner.patch(`/api/projects/${project._id}`, { title: "Renamed" });
    return [await owner.post(`/api/projects/${project._id}/restore`, { version: 1, baseVersion: 2 })];
  },
  "projects.pictures.add": async () => {
    const owner = await ownerClient();
    const project = await createProject(owner);
    return [
      await owner.post(`/api/projects/${project._id}/pictures`, pictureForm(pngPicture(30, 20), { alt: "A red box" })),
    ];
  },
  "pictures.known": async () => {
    const owner = await ownerClient();
    const project = await createProject(owner);
    const bytes = pngPicture(30, 20);
    await owner.post(`/api/projects/${project._id}/pictures`, pictureForm(bytes, { alt: "A red box" }));
    const source = createHash("sha256").update(bytes).digest("hex");
    return [await owner.post("/api/pictures/known", { hashes: [source, "0".repeat(64)] })];
  },
  "trash.list": async () => {
    const owner = await ownerClient();
    const project = await createProject(owner);
    await owner.delete(`/api/projects/${project._id}`);
    return [await owner.get("/api/admin/trash")];
  },
  "trash.restore": async () => {
    const owner = await ownerClient();
    const project = await createProject(owner);
    await owner.delete(`/api/projects/${project._id}`);
    return [await owner.post(`/api/admin/trash/project/${project._id}/restore`)];
  },
  "trash.purge": async () => {
    const owner = await ownerClient();
    const project = await createProject(owner);
    await owner.delete(`/api/projects/${project._id}`);
    return [await owner.delete(`/api/admin/trash/project/${project._id}`)];
  },
  "roles.list": async () => [await (await ownerClient()).get("/api/admin/roles")],
  "roles.update": async () => [
    await (await ownerClient()).patch("/api/admin/roles/user", {
      permissions: DEFAULT_ROLES.user.permissions,
      dryRun: true,
    }),
  ],
  "users.list": async () => [await (await ownerClient()).get("/api/admin/users")],
  "users.update": async () => {
    const id = await createAccount(server, "deactivated", []);
    return [await (await ownerClient()).patch(`/api/admin/users/${id}`, { isActive: false })];
  },
  "users.delete": async () => {
    const id = await createAccount(server, "deleted", []);
    return [await (await ownerClient()).delete(`/api/admin/users/${id}`)];
  },
  "users.resetPassword": async () => {
    const id = await createAccount(server, "resetbystaff", []);
    return [await (await ownerClient()).post(`/api/admin/users/${id}/reset-password`)];
  },
  "users.invite": async () => [
    await (await ownerClient()).post("/api/admin/users/invite", {
      username: "invited",
      email: "invited@example.com",
      permissions: DEFAULT_ROLES.user.permissions,
    }),
  ],
  "users.invitation.resend": async () => {
    const owner = await ownerClient();
    const invited = await owner.post<{ _id: string }>("/api/admin/users/invite", {
      username: "reinvited",
      email: "reinvited@example.com",
      permissions: DEFAULT_ROLES.user.permissions,
    });
    return [await owner.post(`/api/admin/users/${invited.body._id}/invitation`)];
  },
  "users.email.change": async () => {
    const id = await createAccount(server, "corrected", []);
    return [await (await ownerClient()).post(`/api/admin/users/${id}/email`, { email: "corrected.new@example.com" })];
  },
  "users.deviceTokens.list": async () => {
    const owner = await ownerClient();
    const minted = await owner.post<{ id: string }>("/api/sync/tokens", { name: "Listed", password: OWNER.password });
    const ownerId = (await owner.get<{ _id: string }>("/api/me")).body._id;
    expect(minted.status).toBe(201);
    return [await owner.get(`/api/admin/users/${ownerId}/device-tokens`)];
  },
  "users.deviceTokens.revoke": async () => {
    const owner = await ownerClient();
    const minted = await owner.post<{ id: string }>("/api/sync/tokens", { name: "Revoked", password: OWNER.password });
    const ownerId = (await owner.get<{ _id: string }>("/api/me")).body._id;
    return [await owner.delete(`/api/admin/users/${ownerId}/device-tokens/${minted.body.id}`)];
  },
  "users.sessions.list": async () => {
    const owner = await ownerClient();
    const ownerId = (await owner.get<{ _id: string }>("/api/me")).body._id;
    return [await owner.get(`/api/admin/users/${ownerId}/sessions`)];
  },
  "users.sessions.end": async () => {
    const other = await ownerClient();
    const owner = await ownerClient();
    const ownerId = (await owner.get<{ _id: string }>("/api/me")).body._id;
    const theirs = await other.get<{ sessions: { id: string; current: boolean }[] }>("/api/sessions");
    const current = theirs.body.sessions.find((session) => session.current)?.id ?? "";
    return [await owner.delete(`/api/admin/users/${ownerId}/sessions/${current}`)];
  },
  "dashboard.get": async () => [await (await ownerClient()).get("/api/admin/dashboard")],
  "audit.list": async () => [await (await ownerClient()).get("/api/admin/audit")],
  "audit.verify": async () => [await (await ownerClient()).get("/api/admin/audit/verify")],
  "audit.lastCheck": async () => [await (await ownerClient()).get("/api/admin/audit/check")],
  "profile.get": async () => [await server.client().get("/api/settings/profile")],
  "profile.update": async () => [
    await (await ownerClient()).patch("/api/admin/settings/profile", DEFAULT_SITE_PROFILE),
  ],
  "profile.history": async () => [await (await ownerClient()).get("/api/admin/settings/profile/history")],
  "profile.restore": async () => {
    const owner = await ownerClient();
    await owner.patch("/api/admin/settings/profile", { ...DEFAULT_SITE_PROFILE, tagline: "Restorable" });
    const history = await owner.get<{ items: { version: number }[] }>("/api/admin/settings/profile/history");
    return [await owner.post("/api/admin/settings/profile/restore", { version: history.body.items[1]?.version })];
  },
  "roles.history": async () => [await (await ownerClient()).get("/api/admin/roles/user/history")],
  "roles.restore": async () => {
    // An edit to the same set keeps the role's versions (1: before history, 2: the edit) without changing it.
    const owner = await ownerClient();
    await owner.patch("/api/admin/roles/user", { permissions: DEFAULT_ROLES.user.permissions });
    return [await owner.post("/api/admin/roles/user/restore", { version: 1, dryRun: true })];
  },
  "tools.playlist": async () => [
    await server.client().get("/api/youtube-playlist?test=true"),
    await server.client().get(`/api/youtube-playlist?playlistId=${PLAYLIST}`),
  ],
  "tools.catOfTheDay": async () => [await server.client().get("/api/cat-of-the-day")],
  "twitch.connect": async () => [await (await ownerClient()).post("/api/admin/twitch/connect")],
  "twitch.callback": async () => {
    const owner = await ownerClient();
    const connect = await owner.post<{ authorizeUrl: string }>("/api/admin/twitch/connect");
    const state = new URL(connect.body.authorizeUrl).searchParams.get("state");
    return [await owner.post("/api/twitch-callback", { accessToken: twitch.issue(), scope: "chat:read", state })];
  },
  "twitch.status": async () => [await (await ownerClient()).get("/api/admin/twitch")],
  "sync.tokens.create": async () => [
    await (await ownerClient()).post("/api/sync/tokens", { name: "Laptop", password: OWNER.password }),
  ],
  "sync.tokens.list": async () => [await (await ownerClient()).get("/api/sync/tokens")],
  "sync.tokens.revoke": async () => {
    const owner = await ownerClient();
    const minted = await owner.post<{ id: string }>("/api/sync/tokens", { name: "Old", password: OWNER.password });
    return [await owner.delete(`/api/sync/tokens/${minted.body.id}`)];
  },
  "sync.push": async () => {
    const op = {
      opId: randomUUID(),
      entity: "project",
      entityId: randomUUID(),
      kind: "upsert",
      fields: { title: "Synced", description: "From the desktop." },
      baseVersion: 0,
      at: new Date().toISOString(),
    };
    const body = { clientId: "contract", schemaVersion: SYNC_SCHEMA_VERSION, ops: [op] };
    const device = server.client();
    const first = await device.post("/api/sync/push", body, bearer(deviceToken));
    // The same op again answers the stored result (`duplicate`), the answer's other shape.
    return [first, await device.post("/api/sync/push", body, bearer(deviceToken))];
  },
  "sync.pull": async () => [await server.client().get("/api/sync/pull", bearer(deviceToken))],
  "account.security": async () => [await (await freshAccount("sfsecurity")).get("/api/account/security")],
  "account.totp.start": async () => [
    await (await freshAccount("sfstart")).post("/api/account/totp", { password: PASSWORD }),
  ],
  "account.totp.confirm": async () => {
    const client = await freshAccount("sfconfirm");
    const { body } = await client.post<{ secret: string }>("/api/account/totp", { password: PASSWORD });
    return [await client.post("/api/account/totp/confirm", { code: codeNow(server, body.secret) })];
  },
  "account.totp.remove": async () => {
    const { client, secret } = await totpAccount("sfremove");
    return [await client.request("DELETE", "/api/account/totp", { password: PASSWORD, code: codeNow(server, secret) })];
  },
  "account.recoveryCodes.renew": async () => {
    const { client } = await totpAccount("sfrenew");
    return [await client.post("/api/account/recovery-codes", { password: PASSWORD })];
  },
  "account.passkeys.options": async () => [
    await (await freshAccount("pkoptions")).post("/api/account/passkeys/options", { password: PASSWORD }),
  ],
  "account.passkeys.create": async () => {
    const client = await freshAccount("pkcreate");
    const options = await client.post<Record<string, unknown>>("/api/account/passkeys/options", { password: PASSWORD });
    const device = new SoftAuthenticator(server.config.publicUrl);
    return [await client.post("/api/account/passkeys", { name: "Laptop", response: device.register(options.body) })];
  },
  "account.passkeys.list": async () => [await (await passkeyAccount("pklist")).client.get("/api/account/passkeys")],
  "account.passkeys.delete": async () => {
    const { client, id } = await passkeyAccount("pkdelete");
    return [await client.request("DELETE", `/api/account/passkeys/${id}`, { password: PASSWORD })];
  },
  "auth.secondFactor": async () => {
    const { secret } = await totpAccount("sflogin");
    const client = await passwordStep("sflogin");
    return [await client.post("/api/login/second-factor", { code: codeNow(server, secret) })];
  },
  "auth.secondFactor.passkeyOptions": async () => {
    await passkeyAccount("pkstepoptions");
    const client = await passwordStep("pkstepoptions");
    return [await client.post("/api/login/second-factor/passkey-options")];
  },
  "auth.passkey.options": async () => [await server.client().post("/api/login/passkey/options", {})],
  "auth.passkey": async () => {
    const { device } = await passkeyAccount("pklogin");
    const client = server.client();
    const options = await client.post<Record<string, unknown>>("/api/login/passkey/options", {});
    return [await client.post("/api/login/passkey", { response: device.authenticate(options.body) })];
  },
  "settings.security.get": async () => [await (await ownerClient()).get("/api/admin/settings/security")],
  "settings.security.update": async () => [
    await (await ownerClient()).patch("/api/admin/settings/security", { requireSecondFactorForStaff: false }),
  ],
  "users.secondFactors.remove": async () => {
    await totpAccount("sflostphone");
    const id = await userId("sflostphone");
    return [await (await ownerClient()).delete(`/api/admin/users/${id}/second-factors`)];
  },
  "visits.record": async () => [await server.client().post("/api/visits", { path: "/", kind: "view" })],
  "analytics.get": async () => [await (await ownerClient()).get("/api/admin/analytics?from=2026-11-01&to=2026-11-27")],
  "analytics.settings.get": async () => [await (await ownerClient()).get("/api/admin/settings/analytics")],
  "analytics.settings.update": async () => [
    await (await ownerClient()).patch("/api/admin/settings/analytics", { countVisitors: true }),
  ],
};

async function userId(username: string): Promise<string> {
  const row = await server.core.db
    .selectFrom("users")
    .select("id")
    .where("username", "=", username)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A request for each status an operation declares beyond those of its kind, as `operation status`. */
const PROVOKE: Record<string, () => Promise<Answer>> = {
  "auth.login 401": () => server.client().post("/api/login", { username: OWNER.username, password: "wrong-password" }),
  "auth.login 403": async () => {
    await createAccount(server, "inactive", [], false);
    return server.client().post("/api/login", { username: "inactive", password: PASSWORD });
  },
  "auth.login 429": () => untilLimited(() => limited.client().post("/api/login", { username: "x", password: "y" })),
  "auth.signup 429": () =>
    untilLimited(() =>
      limited
        .client()
        .post("/api/signup", { username: "limited", email: "limited@example.com", password: "pass-12345" }),
    ),
  "auth.forgotPassword 429": () =>
    untilLimited(() => limited.client().post("/api/forgot-password", { email: "limited@example.com" })),
  "auth.resetToken.check 429": () =>
    untilLimited(() => limited.client().post("/api/reset-password/check", { token: "an-unknown-token" })),
  "auth.emailChange.check 429": () =>
    untilLimited(() => limited.client().post("/api/confirm-email/check", { token: "an-unknown-token" })),
  "auth.invitation.check 429": () =>
    untilLimited(() => limited.client().post("/api/accept-invitation/check", { token: "an-unknown-token" })),
  "auth.emailChange.confirm 409": async () => {
    const token = await emailChangeToken("contested", "contested.new@example.com");
    await createAccount(server, "contested.new", []);
    return server.client().post("/api/confirm-email", { token });
  },
  "users.invite 409": async () =>
    (await ownerClient()).post("/api/admin/users/invite", {
      username: "nobody",
      email: "x@example.com",
      permissions: [],
    }),
  "users.invitation.resend 409": async () =>
    (await ownerClient()).post(`/api/admin/users/${await createAccount(server, "notinvited", [])}/invitation`),
  "users.email.change 409": async () => {
    const id = await createAccount(server, "collides", []);
    return (await ownerClient()).post(`/api/admin/users/${id}/email`, { email: "nobody@example.com" });
  },
  "account.changePassword 429": () =>
    untilLimited(() => limitedOwner.post("/api/account/password", { currentPassword: "x", newPassword: "pass-12345" })),
  "sync.tokens.create 429": () =>
    untilLimited(() => limitedOwner.post("/api/sync/tokens", { name: "Guess", password: "wrong-password" })),
  "account.totp.start 409": async () => {
    const { client } = await totpAccount("sfstart409");
    return client.post("/api/account/totp", { password: PASSWORD });
  },
  "account.totp.start 429": () =>
    untilLimited(() => limitedOwner.post("/api/account/totp", { password: "wrong-password" })),
  "account.totp.confirm 409": async () =>
    (await freshAccount("sfconfirm409")).post("/api/account/totp/confirm", { code: "123456" }),
  "account.totp.remove 429": () =>
    untilLimited(() => limitedOwner.request("DELETE", "/api/account/totp", { password: "wrong", code: "123456" })),
  "account.recoveryCodes.renew 409": async () =>
    (await freshAccount("sfrenew409")).post("/api/account/recovery-codes", { password: PASSWORD }),
  "account.recoveryCodes.renew 429": () =>
    untilLimited(() => limitedOwner.post("/api/account/recovery-codes", { password: "wrong-password" })),
  "account.passkeys.options 429": () =>
    untilLimited(() => limitedOwner.post("/api/account/passkeys/options", { password: "wrong-password" })),
  "account.passkeys.delete 429": () =>
    untilLimited(() =>
      limitedOwner.request("DELETE", "/api/account/passkeys/00000000-0000-4000-8000-000000000000", {
        password: "wrong-password",
      }),
    ),
  "auth.secondFactor 401": async () => {
    await totpAccount("sflogin401");
    const client = await passwordStep("sflogin401");
    return client.post("/api/login/second-factor", { recoveryCode: "wrong-wrong" });
  },
  "auth.secondFactor 429": () =>
    untilLimited(() => limited.client().post("/api/login/second-factor", { code: "123456" })),
  "auth.secondFactor.passkeyOptions 401": () => server.client().post("/api/login/second-factor/passkey-options"),
  "auth.passkey.options 429": () => untilLimited(() => limited.client().post("/api/login/passkey/options", {})),
  "auth.passkey 401": () => server.client().post("/api/login/passkey", { response: { id: "unknown" } }),
  "auth.passkey 403": async () => {
    const { device } = await passkeyAccount("pkdeactivated");
    await server.core.db.updateTable("users").set({ is_active: 0 }).where("username", "=", "pkdeactivated").execute();
    const client = server.client();
    const options = await client.post<Record<string, unknown>>("/api/login/passkey/options", {});
    return client.post("/api/login/passkey", { response: device.authenticate(options.body) });
  },
  "auth.passkey 429": () => untilLimited(() => limited.client().post("/api/login/passkey", { response: { id: "x" } })),
  "users.secondFactors.remove 409": async () => {
    await createAccount(server, "sfnone", []);
    return (await ownerClient()).delete(`/api/admin/users/${await userId("sfnone")}/second-factors`);
  },
  "projects.list 304": async () => {
    const first = await server.client().get("/api/projects");
    return server.client().get("/api/projects", { "if-none-match": first.headers.get("etag") ?? "" });
  },
  "hello 304": async () => {
    const first = await server.client().get("/api/hello");
    return server.client().get("/api/hello", { "if-none-match": first.headers.get("etag") ?? "" });
  },
  "profile.get 304": async () => {
    const first = await server.client().get("/api/settings/profile");
    return server.client().get("/api/settings/profile", { "if-none-match": first.headers.get("etag") ?? "" });
  },
  "projects.update 409": async () => {
    const owner = await ownerClient();
    const project = await createProject(owner);
    await owner.patch(`/api/projects/${project._id}`, { title: "First edit", version: project.version });
    return owner.patch(`/api/projects/${project._id}`, { title: "Stale edit", version: project.version });
  },
  "projects.pictures.add 415": async () => {
    const owner = await ownerClient();
    const project = await createProject(owner);
    return owner.post(
      `/api/projects/${project._id}/pictures`,
      pictureForm(svgPicture(), { alt: "Not a picture" }, "x.png"),
    );
  },
  "projects.restore 409": async () => {
    const owner = await ownerClient();
    const project = await createProject(owner);
    await owner.patch(`/api/projects/${project._id}`, { title: "First edit" });
    return owner.post(`/api/projects/${project._id}/restore`, { version: 1, baseVersion: 1 });
  },
  "profile.restore 409": async () => {
    const owner = await ownerClient();
    await owner.patch("/api/admin/settings/profile", { ...DEFAULT_SITE_PROFILE, tagline: "Stale base" });
    const history = await owner.get<{ items: { version: number }[] }>("/api/admin/settings/profile/history");
    const newest = history.body.items[0]?.version ?? 0;
    return owner.post("/api/admin/settings/profile/restore", { version: newest - 1, baseVersion: newest - 1 });
  },
  "trash.restore 409": async () => {
    // The id lives again (a desktop re-created it) after the delete: restoring over it is refused.
    const owner = await ownerClient();
    const project = await createProject(owner);
    await owner.delete(`/api/projects/${project._id}`);
    await server.core.db
      .insertInto("projects")
      .values({
        id: project._id,
        title: "Again",
        description: "Again",
        github: null,
        external_link: null,
        is_archived: 0,
        is_latest: 0,
        tags: "[]",
        created_at: "2026-11-26T00:00:00.000Z",
        updated_at: "2026-11-26T00:00:00.000Z",
        version: 1,
      })
      .execute();
    return owner.post(`/api/admin/trash/project/${project._id}/restore`);
  },
  "users.update 409": async () => {
    const id = await createAccount(server, "renamed", []);
    return (await ownerClient()).patch(`/api/admin/users/${id}`, { username: "nobody", permissions: [] });
  },
  "tools.playlist 404": () => server.client().get(`/api/youtube-playlist?playlistId=${UNKNOWN_PLAYLIST}`),
  "tools.playlist 429": () =>
    untilLimited(() => limited.client().get(`/api/youtube-playlist?playlistId=${UNKNOWN_PLAYLIST}`)),
  "tools.playlist 503": async () => {
    youtube.fail("all", "server");
    try {
      return await server.client().get("/api/youtube-playlist?playlistId=PLcontractOutageList00001");
    } finally {
      youtube.fail("all", null);
    }
  },
  "twitch.connect 503": () => limitedOwner.post("/api/admin/twitch/connect"),
  "twitch.callback 403": () => server.client().post("/api/twitch-callback", { accessToken: "abc", state: "unknown" }),
  "twitch.callback 429": () =>
    untilLimited(() => limited.client().post("/api/twitch-callback", { accessToken: "abc", state: "unknown" })),
  "twitch.callback 503": async () => {
    const owner = await ownerClient();
    const connect = await owner.post<{ authorizeUrl: string }>("/api/admin/twitch/connect");
    const state = new URL(connect.body.authorizeUrl).searchParams.get("state");
    twitch.failure = "error";
    try {
      return await owner.post("/api/twitch-callback", { accessToken: twitch.issue(), state });
    } finally {
      twitch.failure = null;
    }
  },
  "sync.push 409": () =>
    server
      .client()
      .post(
        "/api/sync/push",
        { clientId: "contract", schemaVersion: SYNC_SCHEMA_VERSION + 1, ops: [] },
        bearer(deviceToken),
      ),
  "sync.push 429": () => {
    const body = { clientId: "contract", schemaVersion: SYNC_SCHEMA_VERSION, ops: [] };
    return untilLimited(() => limited.client().post("/api/sync/push", body, bearer(limitedDeviceToken)));
  },
  "sync.push 413": () =>
    server.client().post(
      "/api/sync/push",
      {
        clientId: "contract",
        schemaVersion: SYNC_SCHEMA_VERSION,
        ops: Array.from({ length: SYNC_MAX_OPS + 1 }, () => ({})),
      },
      bearer(deviceToken),
    ),
};

/** Declared statuses no request here can reach, and why. */
const UNREACHABLE_HERE: Record<string, string> = {
  "meta.health 503": "answered only while the database cannot be reached",
  "tools.catOfTheDay 503": "answered only when the cat API fails and the server has no fallback illustrations",
};

/** Calls until the limit answers (at most three times): each limit here allows one call per window. */
async function untilLimited(request: () => Promise<Answer>): Promise<Answer> {
  let res = await request();
  for (let i = 0; i < 2 && res.status !== 429; i++) res = await request();
  return res;
}

describe.each(OPERATION_NAMES)("%s", (name) => {
  const spec: OperationSpec = operations[name];
  const check = async (requests: Promise<Answer>[]) => {
    const problems = (await Promise.all(requests)).flatMap((res) => contractProblems(name, res));
    expect(problems).toEqual([]);
  };

  it("answers a valid request with a listed success whose body is its result schema", async () => {
    const answers = await VALID[name]();
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => spec.status ?? 200));
    expect(answers.flatMap((res) => contractProblems(name, res))).toEqual([]);
  });

  it("answers only listed statuses to an anonymous caller and to one without permissions", () =>
    check([call(server.client(), spec), call(nobody, spec)]));

  it("answers only listed statuses to the owner with empty, unknown and malformed input", async () => {
    const owner = await ownerClient();
    const requests = [call(owner, spec), call(owner, spec, { unexpected: 1 }, `${placeholderPath(spec)}?unexpected=1`)];
    if (spec.path.includes("{")) requests.push(call(await ownerClient(), spec, {}, placeholderPath(spec, "%ZZ")));
    if (spec.method !== "GET") requests.push(call(await ownerClient(), spec, "{not json"));
    await check(requests);
  });

  // A GET carries no body (fetch refuses to send one).
  if (spec.method !== "GET")
    it("answers only listed statuses to a body over the limit", async () => {
      // Over the sync push's own limit (4 MB) for it, over the 100 KB of every other call for the rest.
      const size = spec.path === "/api/sync/push" ? 5_000_000 : 200_000;
      const res = await call(await ownerClient(), spec, JSON.stringify({ filler: "x".repeat(size) }));
      expect(res.status).toBe(413);
      expect(contractProblems(name, res)).toEqual([]);
    });

  it("answers only listed statuses to a call from another site and to a device token", async () => {
    const foreign = await ownerClient();
    foreign.origin = "https://attacker.example";
    await check([call(foreign, spec), call(server.client(), spec, {}, placeholderPath(spec), bearer(deviceToken))]);
  });

  it("answers only listed statuses with every rate limit at one call", async () => {
    const requests: Answer[] = [];
    for (let i = 0; i < 2; i++) {
      requests.push(await call(limited.client(), spec), await call(limitedWalker, spec));
    }
    expect(requests.flatMap((res) => contractProblems(name, res))).toEqual([]);
  });
});

/** `auth.login 429` → the operation and the status. */
function parseKey(key: string): { name: OperationName; status: number } {
  const [name, status] = key.split(" ");
  return { name: name as OperationName, status: Number(status) };
}

describe.each(Object.keys(PROVOKE))("%s", (key) => {
  it("is answered by the server, and the document lists it", async () => {
    const { name, status } = parseKey(key);
    const res = await (PROVOKE[key] as () => Promise<Answer>)();
    expect(res.status).toBe(status);
    expect(contractProblems(name, res)).toEqual([]);
  });
});

it("has a request for every status an operation declares beyond those of its kind", () => {
  const declared = OPERATION_NAMES.flatMap((name) =>
    ((operations[name] as OperationSpec).statuses ?? []).map((status) => `${name} ${status}`),
  );
  expect(declared.filter((key) => !PROVOKE[key] && !UNREACHABLE_HERE[key])).toEqual([]);
});

it("names as unreachable here only statuses that operations declare", () => {
  for (const key of Object.keys(UNREACHABLE_HERE)) {
    const { name, status } = parseKey(key);
    expect((operations[name] as OperationSpec).statuses, key).toContain(status);
  }
});
