/**
 * What a browser client needs to call any operation: the generated route table and the helpers that place a
 * flat input into path, query and body. No zod here, so the public site's bundle stays small.
 */
export { fillPath, type InputOf, type InputParts, type ResultOf, type Route, splitInput } from "./define.ts";
export type { OperationName, Operations } from "./registry.ts";
export { ROUTES } from "./routes.generated.ts";
