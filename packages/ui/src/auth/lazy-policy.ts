/**
 * `can` without the policy's rule tables in the first page load: nobody logged in needs only what anyone
 * may do, so the rules (policy.ts) are fetched when a user appears, before the auth state shows them.
 */
import { type Action, allowedToAnyone, type PolicyActor, type TargetOf } from "@portfolio/core/domain";
import type { decide as Decide } from "./policy.ts";

let decide: typeof Decide | undefined;
let pending: Promise<void> | undefined;

/** Fetches the rules once. Never rejects: a failed fetch is retried on the next call, and `can` says no meanwhile. */
export function loadPolicy(): Promise<void> {
  pending ??= import("./policy.ts").then(
    (module) => {
      decide = module.decide;
    },
    () => {
      pending = undefined;
    },
  );
  return pending;
}

/** `decide(actor, action, target).allowed`; before the rules are loaded, what `decide` allows anyone. */
export function policyAllows<A extends Action>(actor: PolicyActor, action: A, target?: TargetOf<A>): boolean {
  return decide ? decide(actor, action, target).allowed : allowedToAnyone(action, target);
}
