export { assertAction } from "./assert-action.ts";
export * from "./context.ts";
export { handlers } from "./handlers.ts";
export { IDEMPOTENCY_MESSAGES, pruneIdempotencyKeys, withIdempotencyKey } from "./idempotency.ts";
export { DEFAULT_IDEMPOTENCY_WAIT, KeyStillRunning } from "./idempotency-claim.ts";
export { HELLO, parsePublicRead, publicReadHandlers, runPublicRead } from "./public-reads.ts";
export { runOperation } from "./run-operation.ts";
