/**
 * `GET /metrics` in Prometheus' text format, only for the bearer token METRICS_TOKEN (compared in constant
 * time); without the token configured the route does not exist. A scraper without it gets a 401 JSON error
 * like any other call.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import type { Metrics } from "./metrics.ts";

export const METRICS_PATH = "/metrics";
export const METRICS_REFUSED = "The metrics need the bearer token set in METRICS_TOKEN.";

const digest = (text: string) => createHash("sha256").update(text).digest();

export function metricsEndpoint(metrics: Metrics, token: string): RequestHandler {
  const expected = digest(token);
  return async (req, res) => {
    res.set("Cache-Control", "no-store");
    const given = /^Bearer (\S+)$/i.exec(req.get("authorization") ?? "")?.[1];
    // Equal-length digests: the comparison's time says nothing about the token.
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      res.set("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(401).json({ error: METRICS_REFUSED });
      return;
    }
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  };
}
