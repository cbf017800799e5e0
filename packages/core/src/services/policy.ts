/**
 * The server's side of the one policy (`decide` in domain/policy): every core call names its actor and asks
 * here before it acts (deny by default, docs/security.md, promise 9). The rules themselves live only in domain/policy, so the
 * UI's `useCan` answers exactly what these checks allow.
 */
import { Forbidden, Unauthenticated } from "../domain/errors.ts";
import { type Action, decide, type TargetOf } from "../domain/policy/index.ts";
import type { Actor, UserActor } from "./context.ts";

export function requireUser(actor: Actor): UserActor {
  if (actor.kind !== "user") throw new Unauthenticated();
  return actor;
}

export function can<A extends Action>(actor: Actor, action: A, target?: TargetOf<A>): boolean {
  return decide(actor, action, target).allowed;
}

/** Throws Unauthenticated for anonymous callers and Forbidden, with the policy's reason, when refused. */
export function assertAllowed<A extends Action>(actor: Actor, action: A, target?: TargetOf<A>): void {
  const decision = decide(actor, action, target);
  if (!decision.allowed) {
    throw decision.reason === "unauthenticated" ? new Unauthenticated() : new Forbidden(decision.message);
  }
}

/** `assertAllowed` for an action that only a logged-in user can take: answers that user. */
export function assertCan<A extends Exclude<Action, "public">>(
  actor: Actor,
  action: A,
  target?: TargetOf<A>,
): UserActor {
  assertAllowed(actor, action, target);
  return requireUser(actor);
}
