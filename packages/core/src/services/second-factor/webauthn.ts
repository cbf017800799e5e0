/**
 * Passkeys over @simplewebauthn/server: the relying party is PUBLIC_URL's host (an IP address is not a valid
 * one, so local use is on http://localhost), user verification always required, discoverable credentials.
 * The library is loaded when a passkey is first used: it is the largest module the server would otherwise
 * load at start (docs/performance.md, "Start").
 */
import type { AuthenticatorTransportFuture } from "@simplewebauthn/server";

const webauthn = () => import("@simplewebauthn/server");

import type { Db } from "../../data/schema.ts";
import type { Core } from "../context.ts";

export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export function relyingParty(core: Core): RelyingParty {
  const url = new URL(core.config.publicUrl);
  return { id: url.hostname, name: "Portfolio", origin: url.origin };
}

export async function registrationOptions(core: Core, db: Db, user: { id: string; username: string }) {
  const rp = relyingParty(core);
  const existing = await db
    .selectFrom("passkeys")
    .select(["credential_id", "transports"])
    .where("user_id", "=", user.id)
    .execute();
  const { generateRegistrationOptions } = await webauthn();
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({
      id: p.credential_id,
      transports: JSON.parse(p.transports) as AuthenticatorTransportFuture[],
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
}

/** The new credential when the browser's answer matches the challenge, this site and user verification. */
export async function verifyRegistration(core: Core, response: unknown, challenge: string) {
  const rp = relyingParty(core);
  const { verifyRegistrationResponse } = await webauthn();
  try {
    const result = await verifyRegistrationResponse({
      // biome-ignore lint/suspicious/noExplicitAny: the library checks the whole shape itself.
      response: response as any,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    return result.verified ? result.registrationInfo.credential : null;
  } catch {
    return null;
  }
}

/** Options for a sign-in: any passkey of this site (discoverable), or one of `userId`'s for a second step. */
export async function authenticationOptions(core: Core, db: Db, userId?: string) {
  const rp = relyingParty(core);
  const allow = userId
    ? await db.selectFrom("passkeys").select(["credential_id", "transports"]).where("user_id", "=", userId).execute()
    : [];
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "required",
    allowCredentials: allow.map((p) => ({
      id: p.credential_id,
      transports: JSON.parse(p.transports) as AuthenticatorTransportFuture[],
    })),
  });
}

/**
 * The passkey row a browser's sign-in answer proves, its counter moved on; null when it does not verify.
 * `userId` limits it to one user's passkeys (the second step after a password).
 */
export async function verifyAuthentication(
  core: Core,
  db: Db,
  response: unknown,
  challenge: string,
  userId?: string,
): Promise<{ userId: string; passkeyId: string } | null> {
  const id = (response as { id?: unknown }).id;
  if (typeof id !== "string") return null;
  let query = db.selectFrom("passkeys").selectAll().where("credential_id", "=", id);
  if (userId) query = query.where("user_id", "=", userId);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const rp = relyingParty(core);
  const { verifyAuthenticationResponse } = await webauthn();
  try {
    const result = await verifyAuthenticationResponse({
      // biome-ignore lint/suspicious/noExplicitAny: the library checks the whole shape itself.
      response: response as any,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: row.credential_id,
        publicKey: new Uint8Array(Buffer.from(row.public_key, "base64url")),
        counter: Number(row.counter),
        transports: JSON.parse(row.transports) as AuthenticatorTransportFuture[],
      },
    });
    if (!result.verified) return null;
    await db
      .updateTable("passkeys")
      .set({ counter: result.authenticationInfo.newCounter, last_used_at: core.now().toISOString() })
      .where("id", "=", row.id)
      .execute();
    return { userId: row.user_id, passkeyId: row.id };
  } catch {
    return null;
  }
}
