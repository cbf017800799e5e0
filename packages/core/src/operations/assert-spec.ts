/**
 * The policy's check of one operation's registry entry (deny by default: 401 logged out, 403 without the
 * permission), then the credential's scope. Apart from assert-action.ts, which looks the entry up in the whole
 * registry, so the public reads' runner (public-reads.ts) checks its own entries without importing it.
 */
import { Forbidden } from "../domain/errors.ts";
import type { OperationSpec } from "../domain/operations/define.ts";
import type { Actor } from "../services/context.ts";
import { assertAllowed } from "../services/policy.ts";

/** Throws the policy's refusal of an operation that needs no target. */
export function assertSpecAllowed(actor: Actor, spec: OperationSpec): void {
  assertAllowed(actor, spec.action);
  const credential = actor.kind === "user" ? (actor.credential ?? "session") : "session";
  const allowed: readonly string[] = spec.credentials ?? ["session", "device"];
  if (!allowed.includes(credential)) throw new Forbidden("A device token cannot make this call.");
}
