/** A handler over Node's own request and response, so it can run before Express sets a request up. */
import type { IncomingMessage, ServerResponse } from "node:http";

export type RawHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
