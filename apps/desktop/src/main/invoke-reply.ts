/**
 * Turns what an operation returned or threw into the IPC reply. Typed core errors keep the status the
 * HTTP API would answer (so the admin panel handles both transports alike), and so do the server's refusals
 * of a forwarded call; anything else is a generic
 * message, never a stack trace or an internal detail.
 */
import { DomainError, ERROR_STATUS } from "@portfolio/core/domain";
import { ApiError } from "@portfolio/core/operations/client";
import type { InvokeReply } from "../shared/ipc-channel.ts";

export const UNEXPECTED_ERROR = "Something went wrong in the app. Please try again.";

export function replyFromError(error: unknown, log: (line: string) => void): InvokeReply {
  if (error instanceof DomainError) {
    return {
      ok: false,
      status: ERROR_STATUS[error.kind],
      error: error.message,
      ...(error.payload ? { details: error.payload } : {}),
    };
  }
  // A forwarded call the server refused: its status, its message and the rest of its answer, as over HTTP.
  if (error instanceof ApiError) {
    return {
      ok: false,
      status: error.status,
      error: error.serverMessage ?? `The server answered with status ${error.status}.`,
      ...(Object.keys(error.details).length > 0 ? { details: error.details } : {}),
    };
  }
  log(`Unexpected error in an IPC call: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return { ok: false, status: 500, error: UNEXPECTED_ERROR };
}
