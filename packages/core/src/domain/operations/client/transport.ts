/**
 * How any client reaches any operation of the registry: `call(name, input)`, its input and answer typed from
 * the registry's entry. The site and the desktop's main process pass an HTTP transport (http-transport.ts),
 * the desktop renderer an IPC one; none has per-operation code.
 */
import type { InputOf, ResultOf } from "../define.ts";
import type { OperationName, Operations } from "../registry.ts";

/** One call of any operation by name: the input the registry declares for it in, its result out. */
export type OperationCall = <K extends OperationName>(
  name: K,
  input: InputOf<Operations[K]>,
) => Promise<ResultOf<Operations[K]>>;

export interface Transport {
  call: OperationCall;
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
