/**
 * The Twitch authorization (spec sections 2, 3 and 7; docs/security.md, promise 22). The owner starts 'Connect Twitch' in the
 * admin panel: the server answers Twitch's authorize URL with a single-use `state` bound to that session.
 * Twitch sends the browser back to /twitch/callback, which posts what Twitch returned with the state; the
 * server keeps it as the one current authorization (a new one replaces the old) only when the state is this
 * session's, live and unused, and Twitch's validate endpoint confirms the token was issued to this site's
 * Twitch application. Anything else stores nothing.
 *
 * The access token and the authorization code are credentials (docs/security.md, promise 14): stored encrypted with
 * AES-256-GCM when TWITCH_TOKEN_KEY is set, otherwise as plain text (the embedded default, so a fresh install
 * works without setup; set the key in production). They are never answered, logged or written to the
 * audit log; the admin panel learns only whether Twitch is connected, the scopes and when.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Db } from "../data/schema.ts";
import { Forbidden, Invalid, Unauthenticated, Unavailable } from "../domain/errors.ts";
import { decide } from "../domain/policy/decide.ts";
import {
  TWITCH_CALLBACK_PATH,
  TWITCH_MESSAGES,
  TWITCH_SCOPES,
  type TwitchConnectAnswer,
  type TwitchStatus,
  twitchCallbackSchema,
} from "../domain/twitch.ts";
import { recordAudit } from "./audit.service.ts";
import type { Actor, Core, UserActor } from "./context.ts";
import { parseInput } from "./parse-input.ts";
import { assertCan } from "./policy.ts";
import { newId } from "./secrets.ts";
import { isLiveTwitchState, issueTwitchState, spendTwitchState } from "./twitch-state.ts";
import { DEFAULT_TWITCH_AUTH_BASE_URL, validateTwitchToken } from "./twitch-validate.ts";

export interface TwitchOptions {
  /** TWITCH_TOKEN_KEY: any secret text of at least 16 characters; unset stores the credential in plain text. */
  tokenKey?: string | undefined;
  /** TWITCH_CLIENT_ID: the Twitch application of this site; unset, connecting answers 503. */
  clientId?: string | undefined;
  /** TWITCH_AUTH_BASE_URL: Twitch's identity service (authorize and validate); https://id.twitch.tv by default. */
  authBaseUrl?: string | undefined;
  fetch?: typeof fetch | undefined;
}

/** What the process configured (CoreTools), as the options of this service. */
export function twitchOptions(core: Core): TwitchOptions {
  return { tokenKey: core.tools?.twitchTokenKey, ...core.tools?.twitch };
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

/** The owner, through this policy's own words (the action `twitch.connect`), from a browser session. */
function connectingOwner(actor: Actor): UserActor {
  const decision = decide(actor, "twitch.connect");
  if (!decision.allowed) {
    throw decision.reason === "unauthenticated" ? new Unauthenticated() : new Forbidden(decision.message);
  }
  // The state is bound to a browser session; the server's own (system) actor has none.
  if (actor.kind !== "user") throw new Forbidden(TWITCH_MESSAGES.sessionRequired);
  return actor;
}

/** POST /api/admin/twitch/connect: the authorize URL to send the owner's browser to, carrying a fresh state. */
export async function connectTwitch(
  core: Core,
  actor: Actor,
  options: TwitchOptions = {},
): Promise<TwitchConnectAnswer> {
  const owner = connectingOwner(actor);
  if (!options.clientId) throw new Unavailable(TWITCH_MESSAGES.notConfigured);
  if (!owner.sessionId || owner.credential === "device") throw new Forbidden(TWITCH_MESSAGES.sessionRequired);
  const { state, expiresAt } = await issueTwitchState(
    core.db,
    { sessionId: owner.sessionId, userId: owner.id },
    core.now(),
  );
  const base = (options.authBaseUrl ?? DEFAULT_TWITCH_AUTH_BASE_URL).replace(/\/+$/, "");
  const query = new URLSearchParams({
    response_type: "token",
    client_id: options.clientId,
    redirect_uri: `${core.config.publicUrl.replace(/\/+$/, "")}${TWITCH_CALLBACK_PATH}`,
    scope: TWITCH_SCOPES.join(" "),
    state,
  });
  return { authorizeUrl: `${base}/oauth2/authorize?${query}`, expiresAt: expiresAt.toISOString() };
}

/**
 * POST /api/twitch-callback: stores what Twitch returned, only with a live state of the caller's own session
 * (403 otherwise, whoever calls) and a token Twitch confirms for this site's application.
 */
export async function saveTwitchAuthorization(
  core: Core,
  actor: Actor,
  input: unknown,
  options: TwitchOptions = {},
): Promise<{ ok: true }> {
  const data = parseInput(twitchCallbackSchema, input);
  const refused = new Forbidden(TWITCH_MESSAGES.stateRefused);
  // One answer for every way the state can be wrong, so it tells a caller nothing.
  if (actor.kind !== "user" || !actor.sessionId || actor.credential === "device" || !data.state) throw refused;
  if (!decide(actor, "twitch.connect").allowed) throw refused;
  const owner = { sessionId: actor.sessionId, userId: actor.id };
  const state = data.state;
  if (!(await isLiveTwitchState(core.db, state, owner, core.now()))) throw refused;

  if (!options.clientId) throw new Unavailable(TWITCH_MESSAGES.notConfigured);
  if (data.accessToken === undefined) throw new Invalid(TWITCH_MESSAGES.tokenRequired);
  const token = await validateTwitchToken(data.accessToken, options);
  if (!token) throw new Invalid(TWITCH_MESSAGES.tokenRefused);
  if (token.clientId !== options.clientId) throw new Invalid(TWITCH_MESSAGES.otherClient);

  const id = newId();
  const key = options.tokenKey;
  const seal = (value: string | undefined) =>
    value === undefined ? null : key ? encryptTwitchSecret(value, key, id) : value;
  const scope = [...new Set(token.scopes)];
  await core.db.transaction().execute(async (trx) => {
    if (!(await spendTwitchState(trx, state, owner, core.now()))) throw refused;
    await trx.deleteFrom("twitch_authorizations").execute();
    await trx
      .insertInto("twitch_authorizations")
      .values({
        id,
        access_token: seal(data.accessToken),
        auth_code: seal(data.authCode),
        secret_format: key ? FORMAT : "plain",
        // What Twitch says the token allows, not what the page claimed.
        scope: JSON.stringify(scope),
        token_type: data.tokenType ?? null,
        client_timestamp: data.timestamp ?? null,
        user_agent: data.userAgent ?? null,
        referrer: data.referrer ?? null,
        created_at: core.now().toISOString(),
      })
      .execute();
    await recordAudit(core, trx, actor, {
      action: "twitch.connect",
      targetType: "twitch_authorization",
      targetId: id,
      details: {
        scope,
        twitchLogin: token.login,
        hasAccessToken: true,
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
  assertCan(actor, "twitch.view");
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
