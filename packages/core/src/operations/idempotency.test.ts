/**
 * A retried write never fails while its first attempt runs: the retry waits for that attempt (which may run
 * on another instance, so only the shared table tells) and answers what it answered; a first attempt that
 * fell silent is taken over. On SQLite and on PostgreSQL (TEST_DATABASE=postgres).
 */

import { createTestCore, type TestCore } from "@portfolio/testing/core/test-core.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Project } from "../domain/projects.ts";
import { bootstrap } from "../services/bootstrap.ts";
import type { IdempotencyWait, UserActor } from "../services/context.ts";
import { createProject } from "../services/projects.service.ts";
import { IDEMPOTENCY_MESSAGES, withIdempotencyKey } from "./idempotency.ts";
import { KeyStillRunning } from "./idempotency-claim.ts";

let core: TestCore;
let owner: UserActor;
beforeEach(async () => {
  core = await createTestCore();
  await bootstrap(core, { username: "boss", email: "boss@example.com", password: "boss-password" });
  const row = await core.db.selectFrom("users").select(["id", "username"]).executeTakeFirstOrThrow();
  owner = { kind: "user", id: row.id, username: row.username, permissions: ["override:owner"] };
});
afterEach(async () => {
  await core.close();
});

/** Short enough for a test, with the same proportions as the defaults. */
function waitFor(settings: Partial<IdempotencyWait>) {
  core.config.idempotencyWait = { waitMs: 5_000, pollMs: 20, heartbeatMs: 50, silenceMs: 1_000, ...settings };
}

const input = (title: string) => ({
  title,
  description: "Sent twice.",
  tags: ["retry"],
  isArchived: false,
  isLatest: false,
});
const parts = (title: string) => ({ params: {}, query: {}, body: input(title) });
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A promise the test settles when it wants the first attempt to go on. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Sends `projects.create` with `key`; `before` runs first inside the attempt (a slow or failing start). */
function send(title: string, key: string, before: () => Promise<void> = async () => {}) {
  let ran = false;
  const answer = withIdempotencyKey(core, owner, "projects.create", key, parts(title), 201, async () => {
    ran = true;
    await before();
    return createProject(core, owner, input(title));
  });
  return { answer, ran: () => ran };
}

async function claimed(key: string): Promise<void> {
  for (let n = 0; n < 200; n++) {
    const row = await core.db.selectFrom("idempotency_keys").select("key").where("key", "=", key).executeTakeFirst();
    if (row) return;
    await sleep(10);
  }
  throw new Error(`No claim of ${key}.`);
}

async function countTitled(title: string): Promise<number> {
  const rows = await core.db.selectFrom("projects").select("id").where("title", "=", title).execute();
  return rows.length;
}

/**
 * What an instance killed in the middle of a write leaves: its claim, never renewed again nor answered, and
 * no row (its transaction never committed). Made by running a first attempt, reading its claim while it
 * runs, and putting that claim back, unanswered, once the attempt and its row are gone.
 */
async function abandonedClaim(key: string, title: string): Promise<void> {
  const held = gate();
  const first = send(title, key, () => held.opened);
  await claimed(key);
  const row = await core.db.selectFrom("idempotency_keys").selectAll().where("key", "=", key).executeTakeFirstOrThrow();
  held.open();
  await first.answer;
  await core.db.deleteFrom("projects").where("title", "=", title).execute();
  await core.db
    .updateTable("idempotency_keys")
    .set({ ...row, status: null, result: null })
    .where("key", "=", key)
    .execute();
}

describe("a retry that meets its key still in flight", () => {
  it("waits for the slow first attempt and answers what it answered, creating one row", async () => {
    waitFor({});
    const held = gate();
    const first = send("Slow first", "key-1", () => held.opened);
    await claimed("key-1");
    const retry = send("Slow first", "key-1");
    await sleep(100);
    held.open();
    const [a, b] = await Promise.all([first.answer, retry.answer]);
    expect(a).toEqual({ status: 201, body: a.body, replayed: false });
    expect(b).toEqual({ status: 201, body: a.body, replayed: true });
    expect((b.body as Project).title).toBe("Slow first");
    expect(retry.ran()).toBe(false);
    expect(await countTitled("Slow first")).toBe(1);
  });

  it("keeps waiting while the first attempt renews its claim, longer than a silent claim would be trusted", async () => {
    waitFor({ heartbeatMs: 50, silenceMs: 300 });
    const held = gate();
    const first = send("Long first", "key-1", () => held.opened);
    await claimed("key-1");
    const retry = send("Long first", "key-1");
    // Three times the silence the retry would trust, renewed every 50 ms meanwhile.
    await sleep(900);
    held.open();
    const [a, b] = await Promise.all([first.answer, retry.answer]);
    expect(b).toEqual({ ...a, replayed: true });
    expect(retry.ran()).toBe(false);
    expect(await countTitled("Long first")).toBe(1);
  });

  it("takes over a claim that fell silent (its instance gone) and runs the write itself", async () => {
    waitFor({ silenceMs: 300 });
    await abandonedClaim("key-1", "Orphaned");
    const retry = send("Orphaned", "key-1");
    const answer = await retry.answer;
    expect(answer.status).toBe(201);
    expect(answer.replayed).toBe(false);
    expect(retry.ran()).toBe(true);
    expect(await countTitled("Orphaned")).toBe(1);
    const again = await send("Orphaned", "key-1").answer;
    expect(again).toEqual({ ...answer, replayed: true });
  });

  it("runs afresh when the first attempt fails and gives its key up", async () => {
    waitFor({});
    // The first attempt holds its claim until the test lets it go on (and fail): the claim cannot come and
    // go between two reads of the test, however slow the machine.
    const held = gate();
    const first = send("", "key-1", () => held.opened);
    await claimed("key-1");
    const retry = send("", "key-1");
    // A few of the retry's rounds meet the claim held before it is given up.
    await sleep(100);
    held.open();
    await expect(first.answer).rejects.toThrow();
    // The retry carries the same input: it is refused for the same reason, by running, not by waiting on.
    await expect(retry.answer).rejects.toThrow();
    expect(retry.ran()).toBe(true);
  });

  it("is told to try again once its wait's bound has passed with the first attempt still running", async () => {
    waitFor({ waitMs: 200 });
    const held = gate();
    const first = send("Very slow", "key-1", () => held.opened);
    await claimed("key-1");
    const retry = send("Very slow", "key-1");
    const refused = await retry.answer.catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(KeyStillRunning);
    expect((refused as Error).message).toBe(IDEMPOTENCY_MESSAGES.running);
    expect(retry.ran()).toBe(false);
    held.open();
    const done = await first.answer;
    expect(await send("Very slow", "key-1").answer).toEqual({ ...done, replayed: true });
    expect(await countTitled("Very slow")).toBe(1);
  });

  it("a first attempt whose claim was taken over leaves its successor's answer in place", async () => {
    waitFor({});
    const held = gate();
    const first = send("Overtaken", "key-1", () => held.opened);
    await claimed("key-1");
    await core.db
      .updateTable("idempotency_keys")
      .set({ created_at: new Date(Date.now() + 60_000).toISOString(), status: 201, result: '{"theirs":true}' })
      .where("key", "=", "key-1")
      .execute();
    held.open();
    await first.answer;
    const row = await core.db
      .selectFrom("idempotency_keys")
      .selectAll()
      .where("key", "=", "key-1")
      .executeTakeFirstOrThrow();
    expect(row.result).toBe('{"theirs":true}');
  });
});
