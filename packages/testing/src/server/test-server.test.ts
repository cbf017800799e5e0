/**
 * The test server's statement count (test-server.ts, `countStatements`), which the statement budgets pin:
 * it counts what the work sends, and nothing the server does on a timer of its own meanwhile.
 */
import { afterEach, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./test-server.ts";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

it("leaves out the visit counter's turns that fall within the counted work", async () => {
  // A turn every 100 ms (the least VISITS_FLUSH_MS allows), as a slow operation meets one every 5 s.
  server = await startTestServer({ env: { VISITS_FLUSH_MS: "100" } });
  const count = await server.countStatements(() => new Promise((resolve) => setTimeout(resolve, 350)));
  expect(count).toBe(0);
});
