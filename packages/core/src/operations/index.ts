export { assertAction } from "./assert-action.ts";
export { HELLO } from "./auth.handlers.ts";
export * from "./context.ts";
export { handlers } from "./handlers.ts";
export { IDEMPOTENCY_MESSAGES, pruneIdempotencyKeys, withIdempotencyKey } from "./idempotency.ts";
export { DEFAULT_IDEMPOTENCY_WAIT, KeyStillRunning } from "./idempotency-claim.ts";
export { runOperation } from "./run-operation.ts";
