/**
 * What every operation handler receives: `(ctx: { core, actor, transport, run, prepare }, input)`. The
 * transport part is the little a handler may ask of whoever carries the call (HTTP, IPC): who the client is,
 * and, for logging in and out, to start or end the caller's session (a cookie over HTTP). `core.db` is the
 * transaction the runner opened for the operation (operations/run-operation.ts); `run` and `prepare` run
 * other operations inside it, so a handler never imports the runner.
 */
import type { InputParts, OperationName, Operations, ParsedInputOf, ResultOf } from "../domain/operations/index.ts";
import type { Actor, Core } from "../services/context.ts";

export interface TransportContext {
  userAgent?: string;
  /** The session token the caller came with, if any (logging in again ends it). */
  sessionToken?: string;
  startSession?: (token: string) => void;
  endSession?: () => void;
  /** The login-step cookie's token (a password waiting for its second factor, a passkey challenge). */
  loginStepToken?: string;
  /** Sets the 5-minute login-step cookie; never a session. */
  startLoginStep?: (token: string) => void;
  endLoginStep?: () => void;
  /**
   * A visitor's beacon (docs/design.md section 10): the client's address, hashed and never kept, and whether
   * the browser asked not to be tracked (`Sec-GPC: 1` or `DNT: 1`). Only the HTTP transport has one.
   */
  visitor?: { address: string; optedOut: boolean };
}

/** What a transport hands the runner: the core, who is calling, and the transport's part. */
export interface CallerContext {
  core: Core;
  actor: Actor;
  transport: TransportContext;
}

/** Another operation whose policy check was passed: `input` (parsed when first read) is what its handler will get. */
export interface PreparedOperation<K extends OperationName> {
  readonly input: ParsedInputOf<Operations[K]>;
  run(): Promise<ResultOf<Operations[K]>>;
}

export interface OperationContext extends CallerContext {
  /** Runs another operation as the same caller, in this operation's transaction. */
  run<K extends OperationName>(name: K, parts: InputParts): Promise<ResultOf<Operations[K]>>;
  /**
   * Checks the policy for another operation and parses its input, once, without running it yet: the caller
   * may look at the parsed input first (a sync op's conflict check), then run it in this transaction.
   */
  prepare<K extends OperationName>(name: K, parts: InputParts): PreparedOperation<K>;
}

export type Handler<K extends OperationName> = (
  ctx: OperationContext,
  input: ParsedInputOf<Operations[K]>,
) => Promise<ResultOf<Operations[K]>>;

/** One handler per operation: the compiler refuses a registry entry without one. */
export type Handlers = { [K in OperationName]: Handler<K> };
