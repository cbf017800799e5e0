/**
 * What any client needs to call any operation: the generated route table, the helpers that place a flat
 * input into path, query and body, the generic `Transport` (`call(name, input)`, typed from the registry)
 * and its errors. No zod here, so the public site's bundle stays small. The HTTP transport itself is
 * `@portfolio/core/operations/client/http` (a chunk the site loads on its first call).
 */
export { fillPath, type InputOf, type InputParts, type ResultOf, type Route, splitInput } from "../define.ts";
export type { OperationName, Operations } from "../registry.ts";
export { ROUTES } from "../routes.generated.ts";
export { ApiError, ApiNetworkError, type OperationCall, type Transport } from "./transport.ts";
