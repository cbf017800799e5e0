/** Desktop sync, server side: device tokens, the change log, push and pull. */
export * from "../services/change-log.ts";
export * from "./device-tokens.ts";
export * from "./pull.ts";
export * from "./push.ts";
