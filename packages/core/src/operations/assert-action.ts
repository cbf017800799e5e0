/**
 * The policy's check of an operation before its input is read (deny by default: 401 logged out, 403 without
 * the permission), then the credential's scope. Its own module, so a handler that must check an action
 * without running it (sync's conflict answers) does not import the runner.
 */
import { type OperationName, operations } from "../domain/operations/index.ts";
import type { Actor } from "../services/context.ts";
import { assertSpecAllowed } from "./assert-spec.ts";

/** Throws the policy's refusal for an action that needs no target. */
export function assertAction(actor: Actor, name: OperationName): void {
  assertSpecAllowed(actor, operations[name]);
}
