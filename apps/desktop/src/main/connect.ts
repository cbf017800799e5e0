/**
 * Connecting to the server (first run, or 'Sign in again'): log in with a one-off session, check the
 * user may use the admin panel, mint a named device token, log the session out again. Only the token
 * stays (in the credential store, main only). The server's refusals keep their status and message
 * ('Invalid username or password.'); no answer at all is 'The server could not be reached.'.
 */

import type { SecondFactorMethod } from "@portfolio/core/domain";
import { DomainError, decide, Forbidden, type IssuedDeviceToken, type SessionUser } from "@portfolio/core/domain";
import { ApiNetworkError, type Transport } from "@portfolio/core/operations/client";
import { CODE_NEEDED, PASSKEY_ONLY, RECOVERY_CODE_NEEDED } from "../shared/desktop-operations.ts";
import type { LocalDb } from "./sync/outbox.ts";
import { sessionTransport } from "./sync/server-api.ts";

export const UNREACHABLE_SERVER = "The server could not be reached.";

/** A 503 the renderer shows as 'Needs a connection'. */
export function unreachable(message = UNREACHABLE_SERVER): DomainError {
  return new DomainError("unavailable", message, { needsConnection: true });
}

export function deviceName(hostname: string): string {
  return `Desktop app on ${hostname || "this computer"}`.slice(0, 100);
}

export async function signInOnServer(options: {
  serverUrl: string;
  username: string;
  password: string;
  /** The authenticator code or a recovery code (docs/security.md, promise 30), when the account has a second factor. */
  code?: string | undefined;
  deviceName: string;
  fetch: typeof fetch;
}): Promise<{ user: SessionUser; token: string }> {
  const session = sessionTransport(options.serverUrl, options.fetch);
  try {
    const answer = await session.call("auth.login", { username: options.username, password: options.password });
    let user: SessionUser;
    if ("secondFactor" in answer) {
      const code = options.code?.trim() ?? "";
      const asked = codeRequest(answer.secondFactor.methods);
      if (asked.kind === "forbidden") throw new Forbidden(asked.message);
      if (!code) throw new DomainError("unauthenticated", asked.message, { secondFactor: answer.secondFactor });
      // Six digits are an authenticator code; anything else is taken as a recovery code.
      user = await session.call("auth.secondFactor", /^\d{3} ?\d{3}$/.test(code) ? { code } : { recoveryCode: code });
    } else user = answer;
    try {
      const allowed = decide({ kind: "user", id: user._id, permissions: user.permissions }, "admin.view");
      if (!allowed.allowed) throw new Forbidden(allowed.message);
      // The server asks for the password again before it mints a token (docs/security.md, promise 26); the second factor this
      // session's login just proved stands for the code (a code never works twice).
      const issued: IssuedDeviceToken = await session.call("sync.tokens.create", {
        name: options.deviceName,
        password: options.password,
      });
      return { user, token: issued.token };
    } finally {
      await logOut(session);
    }
  } catch (error) {
    if (error instanceof ApiNetworkError) throw unreachable();
    throw error;
  }
}

/**
 * What the desktop can ask for: a passkey needs a relying-party origin, which the renderer's app:// is not, so
 * only the authenticator code or a recovery code can answer the second step here.
 */
export function codeRequest(methods: readonly SecondFactorMethod[]): { kind: "code" | "forbidden"; message: string } {
  if (methods.includes("totp")) return { kind: "code", message: CODE_NEEDED };
  if (methods.includes("recovery")) return { kind: "code", message: RECOVERY_CODE_NEEDED };
  return { kind: "forbidden", message: PASSKEY_ONLY };
}

/** The web session was only needed to mint the token; a failure here leaves it to expire on its own. */
async function logOut(session: Transport): Promise<void> {
  try {
    await session.call("auth.logout", {});
  } catch {
    // Nothing to do: the session is unusable without its cookie, which this process forgets now.
  }
}

/**
 * The signed-in server user as a local row, so the local policy acts with the server's permissions.
 * Matched by username (a local owner from 'Work locally' becomes this user); it never logs in locally.
 */
export async function upsertLocalUser(db: LocalDb, user: SessionUser, now: Date): Promise<void> {
  const key = user.username.trim().toLowerCase();
  const at = now.toISOString();
  const permissions = JSON.stringify(user.permissions);
  const existing = await db.selectFrom("users").select("id").where("username_key", "=", key).executeTakeFirst();
  if (existing) {
    await db
      .updateTable("users")
      .set({ username: user.username, permissions, role_key: null, is_active: 1, updated_at: at })
      .where("id", "=", existing.id)
      .execute();
    return;
  }
  const email = `${user._id}@desktop.invalid`;
  await db
    .insertInto("users")
    .values({
      id: user._id,
      username: user.username,
      username_key: key,
      email,
      email_key: email.toLowerCase(),
      // Matches no bcrypt hash: the desktop acts as this user, nobody logs in as it locally.
      password_hash: "!",
      permissions,
      role_key: null,
      is_active: 1,
      created_at: at,
      updated_at: at,
    })
    .execute();
}
