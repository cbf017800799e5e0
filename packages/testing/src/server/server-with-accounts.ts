/**
 * The set-up most route tests share: a test server with one account per role, started before each test (or
 * once for the file) and closed after. The file keeps its own `server` and `accounts` variables:
 *
 *   let server: TestServer;
 *   let accounts: RoleAccounts;
 *   serverWithAccounts((started) => ({ server, accounts } = started));
 */
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { type RoleAccounts, roleAccounts } from "./accounts.ts";
import { startTestServer, type TestServer } from "./test-server.ts";

export function serverWithAccounts(
  take: (started: { server: TestServer; accounts: RoleAccounts }) => void,
  { once = false }: { once?: boolean } = {},
): void {
  let server: TestServer | undefined;
  (once ? beforeAll : beforeEach)(async () => {
    server = await startTestServer();
    take({ server, accounts: await roleAccounts(server) });
  });
  (once ? afterAll : afterEach)(async () => {
    await server?.close();
  });
}
