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
  | "unavailable";

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
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
export class Conflict extends DomainError {
  constructor(message: string) {
    super("conflict", message);
  }
}
/** An upstream service (YouTube, the cat-image API) is down, refused us or is not configured: HTTP 503. */
export class Unavailable extends DomainError {
  constructor(message: string) {
    super("unavailable", message);
  }
}
