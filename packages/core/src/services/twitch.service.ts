/**
 * The Twitch authorization (spec sections 2, 3 and 7): /twitch/callback posts what Twitch handed back and the
 * server keeps it as the one current authorization (a new one replaces the old, so no stale credential lingers).
 *
 * The access token and the authorization code are credentials (SECURITY 14): stored encrypted with
 * AES-256-GCM when TWITCH_TOKEN_KEY is set, otherwise as plain text (the embedded default, so a fresh install
 * works without setup; set the key in production). They are never answered, logged or written to the
 * audit log; the admin panel learns only whether Twitch is connected, the scopes and when.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Db } from "../data/schema.ts";
import { Forbidden } from "../domain/errors.ts";
import { type TwitchStatus, twitchCallbackSchema } from "../domain/twitch.ts";
import { recordAudit } from "./audit.service.ts";
import type { Actor, Core } from "./context.ts";
import { parseInput } from "./parse-input.ts";
import { assertCan } from "./policy.ts";
import { newId } from "./secrets.ts";

export interface TwitchOptions {
  /** TWITCH_TOKEN_KEY: any secret text of at least 16 characters; unset stores the credential in plain text. */
  tokenKey?: string | undefined;
}

const FORMAT = "aes-256-gcm";
const PREFIX = "v1";

function deriveKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "portfolio/twitch_authorizations", "token-encryption", 32));
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url); the row id is bound in as associated data. */
export function encryptTwitchSecret(plain: string, secret: string, rowId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(FORMAT, deriveKey(secret), iv);
  cipher.setAAD(Buffer.from(rowId));
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [PREFIX, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** Throws when the key is wrong or the stored value was tampered with. */
export function decryptTwitchSecret(stored: string, secret: string, rowId: string): string {
  const [prefix, iv, tag, data] = stored.split(".");
  if (prefix !== PREFIX || !iv || !tag || data === undefined) throw new Error("Not an encrypted Twitch credential.");
  const decipher = createDecipheriv(FORMAT, deriveKey(secret), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(rowId));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

/** POST /api/twitch-callback: anyone finishing Twitch's authorization on this site may call it. */
export async function saveTwitchAuthorization(
  core: Core,
  actor: Actor,
  input: unknown,
  options: TwitchOptions = {},
): Promise<{ ok: true }> {
  const data = parseInput(twitchCallbackSchema, input);
  const id = newId();
  const key = options.tokenKey;
  const seal = (value: string | undefined) =>
    value === undefined ? null : key ? encryptTwitchSecret(value, key, id) : value;
  const now = core.now().toISOString();
  await core.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("twitch_authorizations").execute();
    await trx
      .insertInto("twitch_authorizations")
      .values({
        id,
        access_token: seal(data.accessToken),
        auth_code: seal(data.authCode),
        secret_format: key ? FORMAT : "plain",
        scope: JSON.stringify(data.scope),
        token_type: data.tokenType ?? null,
        client_timestamp: data.timestamp ?? null,
        user_agent: data.userAgent ?? null,
        referrer: data.referrer ?? null,
        created_at: now,
      })
      .execute();
    await recordAudit(trx, actor, core.now(), {
      action: "twitch.connect",
      targetType: "twitch_authorization",
      targetId: id,
      details: {
        scope: data.scope,
        hasAccessToken: data.accessToken !== undefined,
        hasAuthCode: data.authCode !== undefined,
        encrypted: Boolean(key),
      },
    });
  });
  return { ok: true };
}

async function currentRow(db: Db) {
  return db.selectFrom("twitch_authorizations").selectAll().orderBy("created_at", "desc").executeTakeFirst();
}

/** GET /api/admin/twitch: whether Twitch is connected (website:admin:view); never the token. */
export async function getTwitchStatus(core: Core, actor: Actor): Promise<TwitchStatus> {
  assertCan(actor, "admin:view");
  const row = await currentRow(core.db);
  if (!row) {
    return {
      connected: false,
      scope: [],
      tokenType: null,
      connectedAt: null,
      hasAccessToken: false,
      hasAuthCode: false,
      encrypted: false,
    };
  }
  return {
    connected: true,
    scope: JSON.parse(row.scope) as string[],
    tokenType: row.token_type,
    connectedAt: row.created_at,
    hasAccessToken: row.access_token !== null,
    hasAuthCode: row.auth_code !== null,
    encrypted: row.secret_format === FORMAT,
  };
}

/**
 * The stored credential in clear, for the server's own use (a chat bot, say): only a system actor may read
 * it, never a user and never through HTTP.
 */
export async function readTwitchCredentials(
  core: Core,
  actor: Actor,
  options: TwitchOptions = {},
): Promise<{ accessToken: string | null; authCode: string | null; scope: string[] } | undefined> {
  if (actor.kind !== "system") throw new Forbidden("Only the server itself can read the Twitch credentials.");
  const row = await currentRow(core.db);
  if (!row) return undefined;
  const open = (value: string | null) => {
    if (value === null || row.secret_format === "plain") return value;
    if (!options.tokenKey) throw new Error("TWITCH_TOKEN_KEY is needed to read the stored Twitch credential.");
    return decryptTwitchSecret(value, options.tokenKey, row.id);
  };
  return { accessToken: open(row.access_token), authCode: open(row.auth_code), scope: JSON.parse(row.scope) };
}
