/**
 * Runs one operation for any transport: the policy action first (deny by default: 401 logged out, 403
 * without the permission), then the credential's scope, then the input through the operation's schemas, then
 * the handler. HTTP routes and the desktop's IPC channel both call this; neither holds a rule.
 *
 * The handler runs in the transaction its registry entry asks for (`transactionOf`): none for a read, one
 * opened here for a write (plain or serializable), or its own units of work. A call made while a transaction
 * is open (`core.db` is one: another operation's `ctx.run`, a sync push's ops) joins it. Every handler gets
 * `ctx.run` and `ctx.prepare` to run other operations in its transaction, so none imports this module.
 */
import {
  type InputParts,
  type OperationName,
  type Operations,
  operations,
  type ParsedInputOf,
  parseOperationInput,
  type ResultOf,
  transactionOf,
} from "../domain/operations/index.ts";
import { assertAction } from "./assert-action.ts";
import type { CallerContext, OperationContext, PreparedOperation } from "./context.ts";
import { handlers } from "./handlers.ts";
import { inTransaction } from "./unit-of-work.ts";

export { assertAction } from "./assert-action.ts";

export async function runOperation<K extends OperationName>(
  caller: CallerContext,
  name: K,
  parts: InputParts,
): Promise<ResultOf<Operations[K]>> {
  return prepareOperation(caller, name, parts).run();
}

/**
 * The policy checked now; the input parsed once, when first read (`input`) or at `run`, so a caller may
 * answer from checks of its own (a sync op's base version) before the input's refusal.
 */
function prepareOperation<K extends OperationName>(
  caller: CallerContext,
  name: K,
  parts: InputParts,
): PreparedOperation<K> {
  assertAction(caller.actor, name);
  let parsed: { input: ParsedInputOf<Operations[K]> } | undefined;
  const input = () => {
    parsed ??= { input: parseOperationInput(operations[name], parts) as ParsedInputOf<Operations[K]> };
    return parsed.input;
  };
  return {
    get input() {
      return input();
    },
    run: () => runParsed(caller, name, input()),
  };
}

function runParsed<K extends OperationName>(
  caller: CallerContext,
  name: K,
  input: ParsedInputOf<Operations[K]>,
): Promise<ResultOf<Operations[K]>> {
  const handler = handlers[name] as (ctx: OperationContext, input: unknown) => Promise<ResultOf<Operations[K]>>;
  const mode = transactionOf(operations[name]);
  // One that opens its own units of work cannot run inside another's transaction (Kysely nests none).
  if (mode === "own" && caller.core.db.isTransaction) throw new Error(`${name} cannot run inside a transaction.`);
  if (mode === "none" || mode === "own" || caller.core.db.isTransaction) return handler(withRunner(caller), input);
  return inTransaction(caller.core, mode === "serializable", (core) => handler(withRunner({ ...caller, core }), input));
}

function withRunner(caller: CallerContext): OperationContext {
  const { core, actor, transport } = caller;
  return {
    core,
    actor,
    transport,
    run: (name, parts) => runOperation(caller, name, parts),
    prepare: (name, parts) => prepareOperation(caller, name, parts),
  };
}
