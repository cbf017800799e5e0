import { ApiNetworkError, failureReason } from "../api/api-client.ts";

/** A failed save: a fixed message (the spec's) and, when known, the reason as a second line. */
export class SaveError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = "SaveError";
  }
}

/** The spec's fixed texts: `failed` when the server refused, `unreachable` when it could not be reached. */
export function saveErrorFrom(error: unknown, failed: string, unreachable: string): SaveError {
  return new SaveError(error instanceof ApiNetworkError ? unreachable : failed, failureReason(error));
}
