import { ApiError, ApiNetworkError } from "../api/api-client.ts";

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
  if (error instanceof ApiNetworkError) return new SaveError(unreachable, error.message);
  return new SaveError(failed, error instanceof ApiError ? error.serverMessage : undefined);
}
