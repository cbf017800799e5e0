/**
 * How UI code reaches any operation of the registry: `call(name, input)`, typed from the registry. The site
 * passes an HTTP transport (http-transport.ts), the desktop renderer an IPC one; neither has per-operation code.
 */
import type { InputOf, OperationName, Operations, ResultOf } from "@portfolio/core/operations/client";

export interface Transport {
  call<K extends OperationName>(name: K, input: InputOf<Operations[K]>): Promise<ResultOf<Operations[K]>>;
}

/** The backend answered, but not with success. `serverMessage` is its `error` text when it gave one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    /** The rest of the error answer, e.g. the current project of a 409. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = "ApiError";
  }
}

/** The backend could not be reached at all (network down, CORS, aborted). */
export class ApiNetworkError extends Error {
  constructor(cause: unknown) {
    super("The server could not be reached.", { cause });
    this.name = "ApiNetworkError";
  }
}
