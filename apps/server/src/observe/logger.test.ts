/** The process's log writes its JSON lines to stdout without making a request wait for the write. */
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";

describe("the JSON log on stdout", () => {
  it("goes through pino's asynchronous destination", async () => {
    const logger = await createLogger("json");
    const stream = (logger as unknown as Record<symbol, { sync?: boolean; fd?: number }>)[pino.symbols.streamSym];
    expect(stream?.fd).toBe(1);
    expect(stream?.sync).toBe(false);
  });
});
