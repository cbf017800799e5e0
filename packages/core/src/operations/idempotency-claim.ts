/**
 * The claim on an Idempotency-Key, shared by every instance through the `idempotency_keys` table: one
 * request holds it while it runs, and a retry that meets it waits for that request's answer instead of being
 * refused, since a balancer or a client resends a write whose first attempt may still be running elsewhere
 * (on an instance being stopped, say) and the writer must end up with one answer.
 *
 * - The holder renews its claim every `heartbeatMs` (`created_at` is the time of its last renewal), and that
 *   time is also its fence: it answers, renews or releases only a claim still carrying it, so a holder whose
 *   claim was taken over never overwrites its successor.
 * - A waiting retry reads the claim every `pollMs`: an answer is replayed; a released claim (the first
 *   failed) is claimed and run afresh; a claim not renewed for `silenceMs` of the waiter's own clock (so the
 *   clocks of two machines are never compared), or older than STALE_CLAIM_MS, is abandoned (its instance
 *   died) and taken over; after `waitMs` the retry is told to try again.
 */
import { Conflict } from "../domain/errors.ts";
import type { Core, IdempotencyWait } from "../services/context.ts";

/** A claim whose last renewal is this old by the reading instance's clock is abandoned, without watching it. */
export const STALE_CLAIM_MS = 60 * 1000;

export const DEFAULT_IDEMPOTENCY_WAIT: IdempotencyWait = {
  waitMs: 10_000,
  pollMs: 100,
  heartbeatMs: 1_000,
  silenceMs: 5_000,
};

export const RUNNING_MESSAGE = "A request with this Idempotency-Key is still being processed. Try again in a moment.";

/** The first attempt still runs after the retry waited its bound: the HTTP adapter adds a Retry-After. */
export class KeyStillRunning extends Conflict {
  constructor() {
    super(RUNNING_MESSAGE);
  }
}

export interface KeyRef {
  scope: string;
  key: string;
  operation: string;
  requestHash: string;
}

export type ClaimOutcome =
  | { kind: "claimed"; at: string }
  | { kind: "answered"; status: number; body: unknown }
  | { kind: "reused" };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An ISO time after `previous`, so each renewal changes the claim even on a clock that stands still. */
function after(now: Date, previous: string): string {
  return new Date(Math.max(now.getTime(), Date.parse(previous) + 1)).toISOString();
}

export function waitSettings(core: Core): IdempotencyWait {
  return { ...DEFAULT_IDEMPOTENCY_WAIT, ...core.config.idempotencyWait };
}

/** Claims the key, or waits for the request holding it: its answer, its release or its silence. */
export async function claimOrWait(core: Core, ref: KeyRef, wait: IdempotencyWait): Promise<ClaimOutcome> {
  const { scope, key } = ref;
  const began = performance.now();
  let seen: string | undefined;
  let seenSince = began;
  for (;;) {
    const at = core.now().toISOString();
    const inserted = await core.db
      .insertInto("idempotency_keys")
      .values({
        scope,
        key,
        operation: ref.operation,
        request_hash: ref.requestHash,
        status: null,
        result: null,
        created_at: at,
      })
      .onConflict((oc) => oc.columns(["scope", "key"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { kind: "claimed", at };
    const row = await core.db
      .selectFrom("idempotency_keys")
      .selectAll()
      .where("scope", "=", scope)
      .where("key", "=", key)
      .executeTakeFirst();
    // Absent: released or pruned between the two statements; the next round claims it.
    if (row) {
      if (row.operation !== ref.operation || row.request_hash !== ref.requestHash) return { kind: "reused" };
      if (row.status !== null) {
        return { kind: "answered", status: Number(row.status), body: JSON.parse(row.result ?? "null") as unknown };
      }
      const now = performance.now();
      if (row.created_at !== seen) {
        seen = row.created_at;
        seenSince = now;
      }
      const abandoned =
        now - seenSince >= wait.silenceMs || core.now().getTime() - Date.parse(row.created_at) >= STALE_CLAIM_MS;
      if (abandoned) {
        const next = after(core.now(), row.created_at);
        // Only if no other retry took it over (or the holder renewed it) since it was read.
        const taken = await core.db
          .updateTable("idempotency_keys")
          .set({ created_at: next })
          .where("scope", "=", scope)
          .where("key", "=", key)
          .where("status", "is", null)
          .where("created_at", "=", row.created_at)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) > 0) return { kind: "claimed", at: next };
      }
    }
    if (performance.now() - began >= wait.waitMs) throw new KeyStillRunning();
    await sleep(wait.pollMs);
  }
}

export interface HeldClaim {
  /** Stores the answer for the retries, if the claim is still this request's. */
  answer(status: number, body: unknown): Promise<void>;
  /** Gives the key up (the request failed), if the claim is still this request's. */
  release(): Promise<void>;
}

/** Keeps the claim made at `claimedAt` alive with heartbeats until it is answered or released. */
export function holdClaim(core: Core, ref: Pick<KeyRef, "scope" | "key">, claimedAt: string, heartbeatMs: number) {
  let at = claimedAt;
  let held = true;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let renewal: Promise<void> = Promise.resolve();

  const renew = async () => {
    const next = after(core.now(), at);
    const result = await core.db
      .updateTable("idempotency_keys")
      .set({ created_at: next })
      .where("scope", "=", ref.scope)
      .where("key", "=", ref.key)
      .where("status", "is", null)
      .where("created_at", "=", at)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) at = next;
    else held = false;
  };
  const schedule = () => {
    timer = setTimeout(() => {
      // A failed renewal (the database briefly away) is tried again at the next beat.
      renewal = renew().then(
        () => {
          if (held && !stopped) schedule();
        },
        () => {
          if (!stopped) schedule();
        },
      );
    }, heartbeatMs);
    timer.unref?.();
  };
  const stop = async () => {
    stopped = true;
    clearTimeout(timer);
    await renewal;
  };
  schedule();

  const claim: HeldClaim = {
    async answer(status, body) {
      await stop();
      if (!held) return;
      await core.db
        .updateTable("idempotency_keys")
        .set({ status, result: JSON.stringify(body ?? null) })
        .where("scope", "=", ref.scope)
        .where("key", "=", ref.key)
        .where("status", "is", null)
        .where("created_at", "=", at)
        .execute();
    },
    async release() {
      await stop();
      if (!held) return;
      await core.db
        .deleteFrom("idempotency_keys")
        .where("scope", "=", ref.scope)
        .where("key", "=", ref.key)
        .where("status", "is", null)
        .where("created_at", "=", at)
        .execute();
    },
  };
  return claim;
}
