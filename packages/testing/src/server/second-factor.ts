/** Second-factor helpers for API tests: codes computed from the secret at the server's clock. */
import { totpCode } from "@portfolio/core/services";
import type { TestClient, TestServer } from "./test-server.ts";

export const STEP_MS = 30_000;

/** The code an authenticator app shows now, by the server's (movable) clock. */
export function codeNow(server: TestServer, secret: string, offsetMs = 0): string {
  return totpCode(secret, new Date(server.core.now().getTime() + offsetMs));
}

/**
 * Turns the authenticator app on for a signed-in client and moves the clock to the next 30 s step, so the code
 * the confirmation used is spent and the next one is fresh.
 */
export async function enableTotp(
  server: TestServer,
  client: TestClient,
  password: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await client.post<{ secret: string }>("/api/account/totp", { password });
  if (started.status !== 200) throw new Error(`totp start: ${started.status} ${started.text}`);
  const { secret } = started.body;
  const confirmed = await client.post<{ recoveryCodes: string[] }>("/api/account/totp/confirm", {
    code: codeNow(server, secret),
  });
  if (confirmed.status !== 200) throw new Error(`totp confirm: ${confirmed.status} ${confirmed.text}`);
  server.clock.advance(STEP_MS);
  return { secret, recoveryCodes: confirmed.body.recoveryCodes };
}

/** Password first: answers the client holding the login step and the first answer. */
export async function passwordStep(server: TestServer, username: string, password: string) {
  const client = server.client();
  const res = await client.post<{ secondFactor?: { methods: string[] } }>("/api/login", { username, password });
  return { client, res };
}
