/**
 * A client of a balancer over HTTPS that trusts nothing (the test certificates are self-signed or from
 * Caddy's local CA): kept connections as a browser holds them, a cookie and the site's Origin.
 */
import type { IncomingHttpHeaders } from "node:http";
import { Agent, request } from "node:https";

export interface BalancerAnswer {
  status: number;
  body: string;
  /** The answer said it replays an earlier attempt's answer (`Idempotent-Replayed: true`). */
  replayed: boolean;
  headers: IncomingHttpHeaders;
}

export interface RequestOptions {
  agent?: Agent;
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs?: number;
}

export function insecureAgent(): Agent {
  return new Agent({ keepAlive: true, rejectUnauthorized: false, maxSockets: 4 });
}

const oneOff = new Agent({ keepAlive: false, rejectUnauthorized: false });

/** One request; rejects on a network error (refused, reset, timed out), resolves with any status. */
export function balancerRequest(
  baseUrl: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<BalancerAnswer & { setCookies: string[] }> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  if (body !== undefined) headers["content-type"] = "application/json";
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, baseUrl),
      { method, headers, agent: options.agent ?? oneOff, timeout: options.timeoutMs ?? 30_000 },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            replayed: res.headers["idempotent-replayed"] === "true",
            headers: res.headers,
            setCookies: res.headers["set-cookie"] ?? [],
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end(body);
  });
}
