/**
 * A real HTTP server on loopback speaking Twitch's identity service (id.twitch.tv) as 'Connect Twitch' uses it:
 *
 * - `GET /oauth2/authorize?response_type=token&client_id&redirect_uri&scope&state` (implicit grant): as if the
 *   owner clicked Authorize, redirects (302) to `redirect_uri#access_token=…&scope=…&state=…&token_type=bearer`
 *   with a new token for that client and those scopes; with `deny` set, to
 *   `redirect_uri?error=access_denied&error_description=The+user+denied+you+access&state=…` instead.
 * - `GET /oauth2/validate` with `Authorization: OAuth <token>`: 200 `{client_id, login, scopes, user_id,
 *   expires_in}` for a token it issued (or one a test added), 401 `{status, message}` otherwise.
 *
 * It can be broken on demand (an error status, a body that is not JSON) and records every call, with the
 * authorization scheme but never the token itself.
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_TWITCH_CLIENT_ID = "fakeclientid0123456789abcdefgh";

export interface FakeTwitchToken {
  clientId: string;
  scopes: string[];
  login?: string;
  userId?: string;
  expiresIn?: number;
}

export type FakeTwitchFailure = "error" | "garbage" | null;

export interface FakeTwitchId {
  /** Use as TWITCH_AUTH_BASE_URL. */
  baseUrl: string;
  /** Tokens it answers 200 for; add one to make a token valid, delete it to revoke. */
  tokens: Map<string, FakeTwitchToken>;
  /** Each call: path, query, and the Authorization scheme ("OAuth", "Bearer" or none). */
  calls: { path: string; query: Record<string, string>; scheme: string | undefined }[];
  /** The owner refuses on the authorize page. */
  deny: boolean;
  failure: FakeTwitchFailure;
  /** A token as Twitch issues one (30 lower-case letters and digits). */
  issue(token?: Partial<FakeTwitchToken>): string;
  close(): Promise<void>;
}

export async function startFakeTwitchId(): Promise<FakeTwitchId> {
  const fake: FakeTwitchId = {
    baseUrl: "",
    tokens: new Map(),
    calls: [],
    deny: false,
    failure: null,
    issue(token = {}) {
      const value = randomBytes(15).toString("hex");
      fake.tokens.set(value, { clientId: FAKE_TWITCH_CLIENT_ID, scopes: ["chat:read"], ...token });
      return value;
    },
    close: async () => {},
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const authorization = req.headers.authorization ?? "";
    const [scheme, token] = authorization.split(" ", 2);
    fake.calls.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), scheme: scheme || undefined });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };

    if (req.method === "GET" && url.pathname === "/oauth2/authorize") {
      const q = url.searchParams;
      const redirect = q.get("redirect_uri");
      if (!redirect || q.get("response_type") !== "token" || !q.get("client_id")) {
        json(400, { status: 400, message: "missing or invalid parameters" });
        return;
      }
      const state = q.get("state") ?? "";
      const scopes = (q.get("scope") ?? "").split(" ").filter(Boolean);
      const back = fake.deny
        ? `${redirect}?${new URLSearchParams({ error: "access_denied", error_description: "The user denied you access", state })}`
        : `${redirect}#${new URLSearchParams({
            access_token: fake.issue({ clientId: q.get("client_id") ?? "", scopes }),
            scope: scopes.join(" "),
            state,
            token_type: "bearer",
          })}`;
      res.writeHead(302, { location: back });
      res.end();
      return;
    }

    if (req.method === "GET" && url.pathname === "/oauth2/validate") {
      if (fake.failure === "error") {
        json(500, { status: 500, message: "Internal Server Error" });
        return;
      }
      if (fake.failure === "garbage") {
        res.writeHead(200, { "content-type": "text/html" });
        res.end("<html>maintenance</html>");
        return;
      }
      if (!token) {
        json(401, { status: 401, message: "missing authorization token" });
        return;
      }
      const known = scheme === "OAuth" ? fake.tokens.get(token) : undefined;
      if (!known) {
        json(401, { status: 401, message: "invalid access token" });
        return;
      }
      json(200, {
        client_id: known.clientId,
        login: known.login ?? "owner_on_twitch",
        scopes: known.scopes,
        user_id: known.userId ?? "141981764",
        expires_in: known.expiresIn ?? 5_520_838,
      });
      return;
    }
    json(404, { status: 404, message: "Not Found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
