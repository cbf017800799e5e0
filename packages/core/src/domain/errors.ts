/**
 * Typed errors thrown by core services; transports map each kind to a status (HTTP) or a reply (IPC).
 * Browser-safe so a UI can recognise them too.
 */
export type DomainErrorKind =
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "rate_limited"
  | "too_large"
  | "unsupported_type"
  | "unavailable";

/** The status each kind answers, over HTTP and over the desktop's IPC alike. */
export const ERROR_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  unavailable: 503,
};

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Extra fields of the answer beside `error` (e.g. the current row of a 409); never a secret. */
    readonly payload?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export class Invalid extends DomainError {
  constructor(message: string) {
    super("invalid", message);
  }
}
export class Unauthenticated extends DomainError {
  constructor(message = "You must be logged in.") {
    super("unauthenticated", message);
  }
}
export class Forbidden extends DomainError {
  constructor(message: string) {
    super("forbidden", message);
  }
}
export class NotFound extends DomainError {
  constructor(message: string) {
    super("not_found", message);
  }
}
/** A 409; `payload` carries what the caller needs to resolve it, e.g. `{ current: <row> }` for a stale version. */
export class Conflict extends DomainError {
  constructor(message: string, payload?: Readonly<Record<string, unknown>>) {
    super("conflict", message, payload);
  }
}
/** An upstream service (YouTube, the cat-image API) is down, refused us or is not configured: HTTP 503. */
export class Unavailable extends DomainError {
  constructor(message: string) {
    super("unavailable", message);
  }
}
/** The request carries more than the call accepts (e.g. a sync push over its op limit): HTTP 413. */
export class TooLarge extends DomainError {
  constructor(message: string) {
    super("too_large", message);
  }
}
/** A file of a kind the call refuses (a picture is judged by its bytes, not its name): HTTP 415. */
export class UnsupportedType extends DomainError {
  constructor(message: string) {
    super("unsupported_type", message);
  }
}
/** Too many attempts of something an attacker would repeat (e.g. wrong second-factor codes): HTTP 429. */
export class RateLimited extends DomainError {
  constructor(message: string) {
    super("rate_limited", message);
  }
}
