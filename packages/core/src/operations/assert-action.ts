/**
 * The policy's check of an operation before its input is read (deny by default: 401 logged out, 403 without
 * the permission), then the credential's scope. Its own module, so a handler that must check an action
 * without running it (sync's conflict answers) does not import the runner.
 */
import { Forbidden } from "../domain/errors.ts";
import { type OperationName, operations } from "../domain/operations/index.ts";
import type { Actor } from "../services/context.ts";
import { assertAllowed } from "../services/policy.ts";

/** Throws the policy's refusal for an action that needs no target. */
export function assertAction(actor: Actor, name: OperationName): void {
  const spec = operations[name];
  assertAllowed(actor, spec.action);
  const credential = actor.kind === "user" ? (actor.credential ?? "session") : "session";
  const allowed: readonly string[] = "credentials" in spec ? spec.credentials : ["session", "device"];
  if (!allowed.includes(credential)) throw new Forbidden("A device token cannot make this call.");
}
