export { HELLO } from "./auth.handlers.ts";
export * from "./context.ts";
export { handlers } from "./handlers.ts";
export { assertAction, runOperation } from "./run-operation.ts";
