/**
 * What every operation handler receives: `(ctx: { core, actor, transport }, input)`. The transport part is the
 * little a handler may ask of whoever carries the call (HTTP, IPC): who the client is, and, for logging in
 * and out, to start or end the caller's session (a cookie over HTTP).
 */
import type { OperationName, Operations, ParsedInputOf, ResultOf } from "../domain/operations/index.ts";
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
}

export interface OperationContext {
  core: Core;
  actor: Actor;
  transport: TransportContext;
}

export type Handler<K extends OperationName> = (
  ctx: OperationContext,
  input: ParsedInputOf<Operations[K]>,
) => Promise<ResultOf<Operations[K]>>;

/** One handler per operation: the compiler refuses a registry entry without one. */
export type Handlers = { [K in OperationName]: Handler<K> };
