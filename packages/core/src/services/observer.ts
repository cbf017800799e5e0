/**
 * What the core tells whoever watches it (the server's metrics), without knowing who that is: a process that
 * watches nothing (the desktop app) leaves `Core.observe` unset and pays nothing. Each call carries only
 * bounded, non-secret facts (a status, a count, a reason from a fixed list), never a name, address or token.
 */
import type { SyncOpStatus } from "../domain/sync.ts";

export type LoginFailure =
  | "wrong_credentials"
  | "deactivated"
  | "not_activated"
  | "wrong_second_factor"
  | "wrong_passkey";

export interface CoreObserver {
  /** A login refused: unknown name or wrong password, or the right password for an account that may not log in. */
  loginFailed?(reason: LoginFailure): void;
  /** A sync push answered: one status per op, in order. */
  syncPushed?(results: readonly SyncOpStatus[]): void;
  /** A sync pull answered with this many changes (a full snapshot counts its rows). */
  syncPulled?(changes: number, reset: boolean): void;
  /** A queued mail could not be sent. */
  mailFailed?(): void;
}
