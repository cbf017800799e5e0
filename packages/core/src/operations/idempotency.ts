/**
 * Idempotency keys: a creating write sent with an `Idempotency-Key` is recorded under its caller
 * and key before it runs, and its answer after; a retry with the same key answers that answer again instead
 * of creating a second row, so a client or a balancer may resend a POST it is unsure about. Like sync's op
 * ids, keyed per caller (`user:<id>`), so keys of different callers never meet.
 *
 * - The same key with another request (another call or input) is refused (409): the key was reused by
 *   mistake, and answering the first answer would hide that.
 * - A retry that arrives while the first still runs, on this instance or another, waits for it and answers
 *   what it answered; a first request that fell silent (its instance killed) is given up and the retry runs
 *   it; one still running after the wait's bound is refused (409, retry in a moment). See
 *   `idempotency-claim.ts`.
 * - A request that fails (4xx, 5xx) leaves no record: its retry runs afresh.
 * - Records older than KEY_TTL_MS are pruned, at most once per PRUNE_INTERVAL_MS per process.
 */
import { createHash } from "node:crypto";
import { Conflict, Invalid } from "../domain/errors.ts";
import type { InputParts, OperationName } from "../domain/operations/index.ts";
import type { Core, UserActor } from "../services/context.ts";
import { claimOrWait, holdClaim, RUNNING_MESSAGE, waitSettings } from "./idempotency-claim.ts";

export const IDEMPOTENCY_MESSAGES = {
  invalid: "The Idempotency-Key header must be 1 to 255 visible ASCII characters.",
  reused: "This Idempotency-Key was already used for a different request. Send a new key with each new request.",
  running: RUNNING_MESSAGE,
} as const;

export const KEY_TTL_MS = 24 * 60 * 60 * 1000;
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotentAnswer {
  status: number;
  body: unknown;
  /** True when this is the stored answer of an earlier request with the key. */
  replayed: boolean;
}

const lastPrune = new WeakMap<Core, number>();

/** Deletes records older than KEY_TTL_MS (answered or abandoned). */
export async function pruneIdempotencyKeys(core: Core): Promise<number> {
  const cutoff = new Date(core.now().getTime() - KEY_TTL_MS).toISOString();
  const result = await core.db.deleteFrom("idempotency_keys").where("created_at", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

async function pruneIfDue(core: Core): Promise<void> {
  const now = core.now().getTime();
  if (now - (lastPrune.get(core) ?? Number.NEGATIVE_INFINITY) < PRUNE_INTERVAL_MS) return;
  lastPrune.set(core, now);
  await pruneIdempotencyKeys(core);
}

function requestHash(name: OperationName, parts: InputParts): string {
  return createHash("sha256")
    .update(JSON.stringify([name, parts.params, parts.query, parts.body ?? null]))
    .digest("hex");
}

/**
 * Runs `run` once per (caller, key): the first time it answers `status` and what `run` returned, and
 * records it; later, or to a retry that waited while the first ran, the recorded answer. The caller has
 * passed the policy for `name` already.
 */
export async function withIdempotencyKey(
  core: Core,
  actor: UserActor,
  name: OperationName,
  key: string,
  parts: InputParts,
  status: number,
  run: () => Promise<unknown>,
): Promise<IdempotentAnswer> {
  if (!KEY_PATTERN.test(key)) throw new Invalid(IDEMPOTENCY_MESSAGES.invalid);
  await pruneIfDue(core);
  const ref = { scope: `user:${actor.id}`, key, operation: name, requestHash: requestHash(name, parts) };
  const wait = waitSettings(core);
  const outcome = await claimOrWait(core, ref, wait);
  if (outcome.kind === "reused") throw new Conflict(IDEMPOTENCY_MESSAGES.reused);
  if (outcome.kind === "answered") return { status: outcome.status, body: outcome.body, replayed: true };
  const claim = holdClaim(core, ref, outcome.at, wait.heartbeatMs);
  let body: unknown;
  try {
    body = await run();
  } catch (error) {
    await claim.release();
    throw error;
  }
  await claim.answer(status, body);
  return { status, body, replayed: false };
}
