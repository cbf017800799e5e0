/**
 * Single-use e-mail tokens (docs/security.md, promise 5): 32 random bytes, SHA-256 stored, consumed in the same transaction
 * that changes the account.
 */

import type { Db, TokensTable } from "../data/schema.ts";
import { Invalid } from "../domain/errors.ts";
import { MESSAGES } from "../domain/messages.ts";
import type { Core } from "./context.ts";
import { hashToken, newId, newToken } from "./secrets.ts";

type TokenKind = TokensTable["kind"];

/** An older unused token of the same kind is superseded: only the newest link works. */
export async function supersedeTokens(core: Core, db: Db, kind: TokenKind, userId: string): Promise<void> {
  await db
    .updateTable("tokens")
    .set({ used_at: core.now().toISOString() })
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("used_at", "is", null)
    .execute();
}

/**
 * Ends every unused e-mailed link of a user, both kinds, in the caller's transaction: a link issued before
 * a deactivation never works after it, not even once staff have reactivated the account (docs/security.md, promise 33).
 */
export async function supersedeAllTokens(core: Core, db: Db, userId: string): Promise<void> {
  await db
    .updateTable("tokens")
    .set({ used_at: core.now().toISOString() })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
}

/** Each kind's lifetime, from the configuration only: never from request input (docs/design.md §8). */
function lifetimeOf(core: Core, kind: TokenKind): number {
  switch (kind) {
    case "activation":
      return core.config.activationTtlMs;
    case "reset":
      return core.config.resetTtlMs;
    case "email":
      return core.config.emailChangeTtlMs;
    case "invitation":
      return core.config.invitationTtlMs;
  }
}

export async function issueToken(core: Core, db: Db, kind: TokenKind, userId: string): Promise<string> {
  const token = newToken();
  const now = core.now();
  const ttl = lifetimeOf(core, kind);
  await supersedeTokens(core, db, kind, userId);
  await db
    .insertInto("tokens")
    .values({
      id: newId(),
      kind,
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttl).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * issueToken's work for an address with no account, storing nothing: the same statements on the same table
 * (a supersede that matches no one, a lookup where the insert would go), so a caller answering for an
 * unknown address takes the time it takes for a known one (docs/security.md, promise 25).
 */
export async function issueNoToken(core: Core, db: Db, kind: TokenKind): Promise<void> {
  await supersedeTokens(core, db, kind, newId());
  await db.selectFrom("tokens").select("id").where("token_hash", "=", hashToken(newToken())).executeTakeFirst();
}

/** The stored row of a token that can still be used; unknown, used or expired tokens are a 400. */
async function usableToken(core: Core, db: Db, kind: TokenKind, token: string) {
  const row = await db
    .selectFrom("tokens")
    .selectAll()
    .where("token_hash", "=", hashToken(token))
    .where("kind", "=", kind)
    .executeTakeFirst();
  if (!row || row.used_at !== null) throw new Invalid(MESSAGES.tokenInvalid);
  if (row.expires_at <= core.now().toISOString()) throw new Invalid(MESSAGES.tokenExpired);
  return row;
}

/**
 * Answers whether a token would be accepted now, changing nothing: a page that opens a mailed link can say a
 * used or expired one is dead before the visitor fills its form. Unknown, used or expired tokens are a 400.
 */
export async function checkToken(core: Core, db: Db, kind: TokenKind, token: string): Promise<string> {
  return (await usableToken(core, db, kind, token)).user_id;
}

/** Marks the token used and answers its user id; unknown, used or expired tokens are a 400. Call inside a transaction. */
export async function consumeToken(core: Core, db: Db, kind: TokenKind, token: string): Promise<string> {
  const row = await usableToken(core, db, kind, token);
  const now = core.now().toISOString();
  const marked = await db
    .updateTable("tokens")
    .set({ used_at: now })
    .where("id", "=", row.id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  // A concurrent request consumed it first.
  if (marked.numUpdatedRows === 0n) throw new Invalid(MESSAGES.tokenInvalid);
  return row.user_id;
}
