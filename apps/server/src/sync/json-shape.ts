/**
 * A single pass over raw JSON bytes that measures its shape before `JSON.parse` builds anything
 * (docs/security.md, promise 27): how deep it nests, and how many items one top-level list holds. Megabytes of nested
 * brackets cost `JSON.parse` a tree of millions of arrays; this scan costs one look at each byte and stops
 * at the first level past the limit.
 *
 * It does not validate JSON (`JSON.parse` does, after it): it only follows strings (so brackets inside
 * them are text) and brackets. JSON's structural characters are ASCII, and no byte of a multi-byte UTF-8
 * character is below 0x80, so scanning bytes is exact.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** Whether a key's raw bytes spell `wanted`, escapes (`"o\u0070s"`) decoded as JSON.parse would. */
function isKey(raw: Uint8Array, wanted: Buffer): boolean {
  if (!raw.includes(BACKSLASH)) return wanted.equals(raw);
  try {
    return JSON.parse(`"${Buffer.from(raw).toString("utf8")}"`) === wanted.toString("utf8");
  } catch {
    return false;
  }
}

export interface ShapeLimits {
  /** Deepest nesting of objects and lists; the top-level value is depth 1. */
  maxDepth: number;
  /** The top-level object's key whose list is counted. */
  countedKey: string;
  /** Most items that list may hold. */
  maxItems: number;
}

export type ShapeVerdict = "ok" | "too_deep" | "too_many_items";

export function checkJsonShape(bytes: Uint8Array, limits: ShapeLimits): ShapeVerdict {
  const counted = Buffer.from(limits.countedKey, "utf8");
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** In the top-level object, where the next string is a key (after `{` or `,`), not a value. */
  let atKey = false;
  /** Where the current top-level key's bytes start, while it is being read. */
  let keyStart = -1;
  let lastKeyIsCounted = false;
  /** Inside the counted list (depth 2): its item count, and whether the next byte starts an item. */
  let counting = false;
  let items = 0;
  let expectItem = false;

  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    if (inString) {
      if (escaped) escaped = false;
      else if (byte === BACKSLASH) escaped = true;
      else if (byte === QUOTE) {
        inString = false;
        if (keyStart >= 0) {
          lastKeyIsCounted = isKey(bytes.subarray(keyStart, i), counted);
          keyStart = -1;
        }
      }
      continue;
    }
    if (isWhitespace(byte)) continue;
    if (counting && depth === 2 && expectItem && byte !== CLOSE_LIST) {
      expectItem = false;
      if (++items > limits.maxItems) return "too_many_items";
    }
    switch (byte) {
      case QUOTE:
        inString = true;
        if (depth === 1 && atKey) {
          keyStart = i + 1;
          atKey = false;
        }
        break;
      case OPEN_OBJECT:
      case OPEN_LIST:
        if (++depth > limits.maxDepth) return "too_deep";
        if (depth === 1) atKey = byte === OPEN_OBJECT;
        if (depth === 2 && byte === OPEN_LIST && lastKeyIsCounted) {
          counting = true;
          expectItem = true;
        }
        break;
      case CLOSE_OBJECT:
      case CLOSE_LIST:
        if (depth === 2) counting = false;
        depth--;
        break;
      case COMMA:
        if (depth === 1) atKey = true;
        if (depth === 2 && counting) expectItem = true;
        break;
      case COLON:
        if (depth === 1) atKey = false;
        break;
    }
  }
  return "ok";
}
