/**
 * A public read's answer as bytes, built once per content revision (docs/performance.md, "The public
 * reads"): the JSON and its gzip and brotli copies (each made once, when first asked for), each with its own
 * strong ETag (a validator names one representation), and the headers each is sent with (the security
 * headers among them, the same on every answer), so answering costs a lookup and one write.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { REQUEST_ID_HEADER } from "../../observe/request-id.ts";
import { rawHeaders, type SecurityHeaders } from "../security-headers.ts";

export type Encoding = "br" | "gzip" | "identity";

export interface Variant {
  body: Buffer;
  etag: string;
  /** Every header of a 200 but the request id. */
  headers: Record<string, string | number>;
  /** Every header of a 304 but the request id. */
  notModified: Record<string, string>;
  /**
   * The same headers as one list for `writeHead` (the fast path's single write), the request id first:
   * its value (index 1) is left empty, filled in per request on a copy.
   */
  raw: readonly string[];
  rawNotModified: readonly string[];
}

export type EncodedAnswer = Record<Encoding, Variant>;

const JSON_TYPE = "application/json; charset=utf-8";

export interface AnswerHeaders {
  /** The security headers (security-headers.ts), the same on every answer of the server. */
  security: SecurityHeaders;
  cacheControl: string;
}

const REQUEST_ID_SLOT = [REQUEST_ID_HEADER, ""];

function variant(body: Buffer, etag: string, { security, cacheControl }: AnswerHeaders, encoding: Encoding): Variant {
  const own = { ETag: etag, "Cache-Control": cacheControl, Vary: "Accept-Encoding" };
  const content: Record<string, string | number> = {
    ...own,
    "Content-Type": JSON_TYPE,
    "Content-Length": body.length,
  };
  if (encoding !== "identity") content["Content-Encoding"] = encoding;
  const base = Object.fromEntries(security.map);
  return {
    body,
    etag,
    headers: { ...base, ...content },
    notModified: { ...base, ...own },
    raw: rawHeaders(security, content, REQUEST_ID_SLOT),
    rawNotModified: rawHeaders(security, own, REQUEST_ID_SLOT),
  };
}

/**
 * `value` as JSON, and its compressed copies, each made when first asked for; a compressed copy no smaller
 * than the JSON (a tiny answer) is not kept. Brotli at quality 5: within a tenth of quality 11's size on
 * these answers for a thirtieth of its time, so a request for a page nobody asked before (any seed of the
 * random sort) costs little more than its query.
 */
export function encodeAnswer(value: unknown, headers: AnswerHeaders): EncodedAnswer {
  const json = Buffer.from(JSON.stringify(value));
  const hash = createHash("sha1").update(json).digest("base64url");
  const identity = variant(json, `"${hash}"`, headers, "identity");
  const compressed = (body: Buffer, suffix: string, encoding: Encoding) =>
    body.length < json.length ? variant(body, `"${hash}-${suffix}"`, headers, encoding) : identity;
  let gzip: Variant | undefined;
  let br: Variant | undefined;
  return {
    identity,
    get gzip() {
      gzip ??= compressed(gzipSync(json, { level: 9 }), "gz", "gzip");
      return gzip;
    },
    get br() {
      br ??= compressed(
        brotliCompressSync(json, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
          },
        }),
        "br",
        "br",
      );
      return br;
    },
  };
}

const chosen = new Map<string, Encoding>();
const MAX_REMEMBERED = 64;

/** The encoding an Accept-Encoding header takes: brotli, else gzip, else none (a q of 0 refuses one). */
export function chooseEncoding(header: string | undefined): Encoding {
  if (header === undefined || header === "") return "identity";
  const known = chosen.get(header);
  if (known !== undefined) return known;
  const accepted = new Map<string, boolean>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name.trim().toLowerCase(), q === undefined || Number(q.slice(2)) > 0);
  }
  const takes = (name: string) => accepted.get(name) ?? accepted.get("*") ?? false;
  const encoding: Encoding = takes("br") ? "br" : takes("gzip") ? "gzip" : "identity";
  // Clients send few distinct headers; remembering them spares the parse on the hot path.
  if (chosen.size >= MAX_REMEMBERED) chosen.clear();
  chosen.set(header, encoding);
  return encoding;
}

/** Whether If-None-Match names `etag` (or is `*`); compared weakly, as RFC 9110 asks for this header. */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch === etag) return true;
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}

/**
 * The fast path's answer (no header set before): the variant `req` asks for, 304 when it already holds it,
 * else the bytes, in one `writeHead` of its prepared list and one `end`. Answers the status sent.
 */
export function sendEncodedRaw(
  req: IncomingMessage,
  res: ServerResponse,
  answer: EncodedAnswer,
  requestId: string,
): 200 | 304 {
  const { headers } = req;
  const chosenVariant = answer[chooseEncoding(headers["accept-encoding"])];
  const notModified = matches(headers["if-none-match"], chosenVariant.etag);
  const list = (notModified ? chosenVariant.rawNotModified : chosenVariant.raw).slice();
  list[1] = requestId;
  if (notModified) {
    res.writeHead(304, list).end();
    return 304;
  }
  res.writeHead(200, list).end(chosenVariant.body);
  return 200;
}

/** The full path's answer (headers already set on `res`): the variant `req` asks for, 304 or the bytes. */
export function sendEncoded(req: IncomingMessage, res: ServerResponse, answer: EncodedAnswer): 200 | 304 {
  const chosenVariant = answer[chooseEncoding(req.headers["accept-encoding"])];
  // A CORS answer already varies by Origin (origin-check.ts): it then varies by both.
  const vary = res.getHeader("Vary");
  const also = vary === undefined ? undefined : { Vary: `${String(vary)}, Accept-Encoding` };
  if (matches(req.headers["if-none-match"], chosenVariant.etag)) {
    res.writeHead(304, also ? { ...chosenVariant.notModified, ...also } : chosenVariant.notModified).end();
    return 304;
  }
  res.writeHead(200, also ? { ...chosenVariant.headers, ...also } : chosenVariant.headers).end(chosenVariant.body);
  return 200;
}
