/** How a refused op becomes its `rejected` result in a push (docs/design.md §5). */
import { DomainError } from "../domain/errors.ts";
import { SYNC_MAX_MESSAGE_LENGTH, type SyncOp, type SyncRejected } from "../domain/sync.ts";

/** Refusals that are the op's answer; anything else (database down, a bug) fails the push, to be retried. */
const REJECTIONS = new Set(["invalid", "forbidden", "not_found", "unauthenticated", "conflict"]);

/** The op's `rejected` result when `error` is a refusal, else undefined (the push must fail). */
export function rejectionOf(op: SyncOp, error: unknown): SyncRejected | undefined {
  if (!(error instanceof DomainError) || !REJECTIONS.has(error.kind)) return undefined;
  return { opId: op.opId, status: "rejected", message: bounded(error.message) };
}

/** A rejection is stored for replays: its status and a short message, never a long echo of the input. */
function bounded(message: string): string {
  return message.length > SYNC_MAX_MESSAGE_LENGTH ? `${message.slice(0, SYNC_MAX_MESSAGE_LENGTH - 1)}…` : message;
}
