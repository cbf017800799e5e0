/**
 * Runs one operation for any transport: the policy action first (deny by default: 401 logged out, 403
 * without the permission), then the credential's scope, then the input through the operation's schemas, then
 * the handler. HTTP routes and the desktop's IPC channel both call this; neither holds a rule.
 */
import { Forbidden } from "../domain/errors.ts";
import {
  type InputParts,
  type OperationName,
  type Operations,
  operations,
  parseOperationInput,
  type ResultOf,
} from "../domain/operations/index.ts";
import type { Actor } from "../services/context.ts";
import { assertAllowed } from "../services/policy.ts";
import type { OperationContext } from "./context.ts";
import { handlers } from "./handlers.ts";

/** Throws the policy's refusal for an action that needs no target. */
export function assertAction(actor: Actor, name: OperationName): void {
  const spec = operations[name];
  assertAllowed(actor, spec.action);
  const credential = actor.kind === "user" ? (actor.credential ?? "session") : "session";
  const allowed: readonly string[] = "credentials" in spec ? spec.credentials : ["session", "device"];
  if (!allowed.includes(credential)) throw new Forbidden("A device token cannot make this call.");
}

export async function runOperation<K extends OperationName>(
  ctx: OperationContext,
  name: K,
  parts: InputParts,
): Promise<ResultOf<Operations[K]>> {
  assertAction(ctx.actor, name);
  const input = parseOperationInput(operations[name], parts);
  const handler = handlers[name] as (ctx: OperationContext, input: unknown) => Promise<ResultOf<Operations[K]>>;
  return handler(ctx, input);
}
