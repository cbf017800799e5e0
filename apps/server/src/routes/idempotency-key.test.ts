/**
 * A creating write may be retried safely: sent with an Idempotency-Key, its retry answers the first answer
 * again instead of creating a second row, and waits for it when the first still runs. On SQLite and on
 * PostgreSQL.
 */
import { IDEMPOTENCY_MESSAGES, pruneIdempotencyKeys } from "@portfolio/core/operations";
import { createAccount, PASSWORD } from "@portfolio/testing/server/accounts.ts";
import { OWNER, startTestServer, type TestClient, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

let server: TestServer;
let owner: TestClient;
beforeEach(async () => {
  server = await startTestServer();
  owner = await server.login(OWNER.username, OWNER.password);
});
afterEach(() => server.close());

const project = (title: string) => ({
  title,
  description: "Sent twice.",
  tags: ["retry"],
  isArchived: false,
  isLatest: false,
});
const key = (value: string) => ({ "idempotency-key": value });

async function countTitled(title: string): Promise<number> {
  const rows = await server.core.db.selectFrom("projects").select("id").where("title", "=", title).execute();
  return rows.length;
}

describe("Idempotency-Key on a creating write", () => {
  it("a retry with the same key answers the first answer again and creates nothing more", async () => {
    const first = await owner.post("/api/projects", project("Once only"), key("key-1"));
    const retry = await owner.post("/api/projects", project("Once only"), key("key-1"));
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(await countTitled("Once only")).toBe(1);
  });

  it("the same key with a different request is refused with 409 and creates nothing", async () => {
    expect((await owner.post("/api/projects", project("First"), key("key-1"))).status).toBe(201);
    const reused = await owner.post("/api/projects", project("Second"), key("key-1"));
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({ error: IDEMPOTENCY_MESSAGES.reused });
    expect(await countTitled("Second")).toBe(0);
  });

  it("keys are per caller: another user's request with the same key is their own", async () => {
    await createAccount(server, "editor", ["projects:create"]);
    const editor = await server.login("editor", PASSWORD);
    expect((await owner.post("/api/projects", project("Shared key"), key("same"))).status).toBe(201);
    const theirs = await editor.post("/api/projects", project("Shared key"), key("same"));
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(await countTitled("Shared key")).toBe(2);
    const scopes = await server.core.db
      .selectFrom("idempotency_keys")
      .select("scope")
      .where("key", "=", "same")
      .execute();
    expect(scopes).toHaveLength(2);
  });

  it("a request that failed leaves no record: its retry runs afresh, and is kept once it succeeds", async () => {
    const refused = await owner.post("/api/projects", project(""), key("key-1"));
    expect(refused.status).toBe(400);
    const fixed = await owner.post("/api/projects", project("Fixed"), key("key-1"));
    expect(fixed.status).toBe(201);
    const retry = await owner.post("/api/projects", project("Fixed"), key("key-1"));
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await countTitled("Fixed")).toBe(1);
  });

  /** Makes the owner's answered request with `value` look still in flight (on another instance); returns its answer. */
  async function unanswer(value: string) {
    const row = await server.core.db
      .selectFrom("idempotency_keys")
      .selectAll()
      .where("key", "=", value)
      .executeTakeFirstOrThrow();
    await server.core.db
      .updateTable("idempotency_keys")
      .set({ status: null, result: null })
      .where("key", "=", value)
      .execute();
    return row;
  }

  it("a retry while the first request still runs waits for it and answers what it answered", async () => {
    const first = await owner.post("/api/projects", project("Running"), key("key-1"));
    expect(first.status).toBe(201);
    const answered = await unanswer("key-1");
    const retry = owner.post("/api/projects", project("Running"), key("key-1"));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The first request answers, on whichever instance it runs: the waiting retry reads it from the table.
    await server.core.db
      .updateTable("idempotency_keys")
      .set({ status: answered.status, result: answered.result })
      .where("key", "=", "key-1")
      .execute();
    const res = await retry;
    expect(res.status).toBe(201);
    expect(res.body).toEqual(first.body);
    expect(res.headers.get("idempotent-replayed")).toBe("true");
    expect(await countTitled("Running")).toBe(1);
  });

  it("a retry still waiting when its bound has passed is told to try again in a moment, with Retry-After", async () => {
    server.core.config.idempotencyWait = { waitMs: 200 };
    expect((await owner.post("/api/projects", project("Still running"), key("key-1"))).status).toBe(201);
    await unanswer("key-1");
    const retry = await owner.post("/api/projects", project("Still running"), key("key-1"));
    expect(retry.status).toBe(409);
    expect(retry.body).toEqual({ error: IDEMPOTENCY_MESSAGES.running });
    expect(retry.headers.get("retry-after")).toBe("1");
    expect(await countTitled("Still running")).toBe(1);
  });

  it("a first request that fell silent (its instance killed) is taken over: the waiting retry runs it", async () => {
    server.core.config.idempotencyWait = { silenceMs: 300 };
    expect((await owner.post("/api/projects", project("Silent"), key("key-1"))).status).toBe(201);
    await unanswer("key-1");
    // Its instance died before its transaction committed: no row of it is left.
    await server.core.db.deleteFrom("projects").where("title", "=", "Silent").execute();
    const retry = await owner.post("/api/projects", project("Silent"), key("key-1"));
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    expect(await countTitled("Silent")).toBe(1);
  });

  it("a first request that never answered is given up after a minute without waiting: the retry runs it", async () => {
    expect((await owner.post("/api/projects", project("Abandoned"), key("key-1"))).status).toBe(201);
    await unanswer("key-1");
    server.clock.advance(61_000);
    const retry = await owner.post("/api/projects", project("Abandoned"), key("key-1"));
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    const again = await owner.post("/api/projects", project("Abandoned"), key("key-1"));
    expect(again.body).toEqual(retry.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });

  it("a key that is not 1 to 255 visible ASCII characters is refused", async () => {
    const res = await owner.post("/api/projects", project("Bad key"), key("x".repeat(256)));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: IDEMPOTENCY_MESSAGES.invalid });
    expect(await countTitled("Bad key")).toBe(0);
  });

  it("a replay is answered only to a caller still allowed to make the call", async () => {
    const id = await createAccount(server, "editor", ["projects:create"]);
    const editor = await server.login("editor", PASSWORD);
    expect((await editor.post("/api/projects", project("Then revoked"), key("key-1"))).status).toBe(201);
    const replay = await editor.post("/api/projects", project("Then revoked"), key("key-1"));
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    await server.core.db.updateTable("users").set({ permissions: "[]" }).where("id", "=", id).execute();
    expect((await editor.post("/api/projects", project("Then revoked"), key("key-1"))).status).toBe(403);
  });

  it("records are kept a day, then pruned", async () => {
    expect((await owner.post("/api/projects", project("Kept a day"), key("key-1"))).status).toBe(201);
    server.clock.advance(23 * 60 * 60 * 1000);
    expect(await pruneIdempotencyKeys(server.core)).toBe(0);
    server.clock.advance(2 * 60 * 60 * 1000);
    expect(await pruneIdempotencyKeys(server.core)).toBe(1);
    expect(await server.core.db.selectFrom("idempotency_keys").selectAll().execute()).toEqual([]);
  });

  it("a call whose answer holds a secret (a device token) takes no key: its answer is never stored", async () => {
    const document = await owner.get<{ paths: Record<string, { post: { parameters: { name: string }[] } }> }>(
      "/api/openapi.json",
    );
    const headerOf = (path: string) => document.body.paths[path]?.post.parameters.map((p) => p.name);
    expect(headerOf("/api/projects")).toContain("Idempotency-Key");
    expect(headerOf("/api/sync/tokens")).not.toContain("Idempotency-Key");
    const body = { name: "Laptop", password: OWNER.password };
    expect((await owner.post("/api/sync/tokens", body, key("key-1"))).status).toBe(201);
    expect((await owner.post("/api/sync/tokens", body, key("key-1"))).status).toBe(201);
    expect(await server.core.db.selectFrom("idempotency_keys").selectAll().execute()).toEqual([]);
  });
});
