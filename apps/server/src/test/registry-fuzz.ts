/**
 * The registry fuzz (docs/security.md, promises 24 and 28), shared by `api/fuzz.test.ts` and
 * `api/fuzz-second-half.test.ts`: each file fuzzes half of the operations on a server of its own, so the two
 * halves run on both of the pass's workers instead of one long file holding up the end of the run.
 */
import { randomInt } from "node:crypto";
import { type OperationName, type OperationSpec, operations } from "@portfolio/core/domain";
import { CAT_SETTING_PREFIX } from "@portfolio/core/services";
import { type FakeCatApi, startFakeCatApi } from "@portfolio/testing/fakes/fake-cat-api.ts";
import { type FakeYouTube, startFakeYouTube } from "@portfolio/testing/fakes/fake-youtube.ts";
import { OWNER, startTestServer, type TestClient, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeholderPath, rawPath } from "./registry-requests.ts";

const BAD_VALUES: unknown[] = [
  null,
  0,
  -1,
  1e308,
  2 ** 31,
  3_000_000_000,
  -(2 ** 31) - 1,
  true,
  [],
  [null],
  {},
  { $ne: "" },
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u001b[31m",
  "\ud800",
  "\udfff",
  "\u202e",
  "%ZZ",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "x".repeat(10_000),
  "💥".repeat(100),
];

/** Sent as they are (percent-escapes and all), as raw bytes on the wire: `%00` reaches the server as a NUL. */
const BAD_SEGMENTS = [
  "%ZZ",
  "%",
  "%E0%A4%A",
  "%00",
  "a%00b",
  "%1B%5B31m",
  "%C0%AF",
  "%ED%A0%80",
  "%E2%80%AE",
  "%20",
  "..%2F..%2F",
  "a".repeat(300),
  "%uD800",
  "%FF%FE",
  "2147483648",
  "00000000-0000-4000-8000-00000000000%00",
];
const BAD_QUERIES = [
  "%ZZ=1",
  "a=%ZZ",
  "limit=-1",
  "limit=2147483648",
  "before=abc",
  "before=2147483648",
  "before=-2147483649",
  "before=1e400",
  "since=2147483648",
  "since=%00",
  "actor=%00",
  "actor=%ED%A0%80",
  "%00=1",
  "x[y][z]=1",
  "limit[]=1",
  "=",
  "&&&",
  "a=\u0000",
];
const BAD_BODIES = ["{", "[]", '"text"', "42", "null", '{"a":', '{"__proto__":{"x":1}}', "\u0000"];

/**
 * Each run draws a new seed, printed, so a failure can be replayed with `FUZZ_SEED=<seed>`. `npm test` sends,
 * for every operation, every bad segment, query and raw body above, every bad value in some field (each field
 * gets at least one; which value goes to which field turns with the seed), and a few random requests (4
 * queries and 10 bodies). `pnpm test:deep` (FUZZ_DEEP=1, which CI runs after `npm test`, on both dialects)
 * sends every bad value in every field and fifteen times as many random requests. The bad values are checked
 * by the operation's schema, the same code whichever field holds them, so one field per value catches a value
 * that gets through; every field with every value is the long round's work (it was two thirds of the requests).
 */
const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 31);
const DEEP = process.env.FUZZ_DEEP === "1";
const RANDOM_QUERIES = DEEP ? 60 : 4;
const RANDOM_BODIES = DEEP ? 150 : 10;
console.log(`Fuzz seed ${FUZZ_SEED}, ${DEEP ? "long" : "bounded"} rounds (replay: FUZZ_SEED=${FUZZ_SEED}).`);

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const ALPHABET = [
  "a",
  "Z",
  "0",
  "%",
  "/",
  "?",
  "#",
  "&",
  "=",
  "\\",
  '"',
  "'",
  "\u0000",
  "\u001f",
  "\u202e",
  "é",
  "😀",
  " ",
  ".",
  "{",
];

function randomText(next: () => number, max = 40): string {
  return Array.from({ length: Math.floor(next() * max) }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join(
    "",
  );
}

function randomValue(next: () => number, depth = 0): unknown {
  const pick = Math.floor(next() * (depth > 2 ? 4 : 6));
  if (pick === 0) return randomText(next);
  if (pick === 1) return Math.floor(next() * 2 ** 40) * (next() < 0.5 ? -1 : 1);
  if (pick === 2) return next() < 0.5;
  if (pick === 3) return null;
  if (pick === 4) return Array.from({ length: Math.floor(next() * 4) }, () => randomValue(next, depth + 1));
  return Object.fromEntries(
    Array.from({ length: Math.floor(next() * 4) }, () => [randomText(next, 8), randomValue(next, depth + 1)]),
  );
}

function fieldNames(spec: OperationSpec): string[] {
  const schema = spec.body as { shape?: object; options?: { shape?: object }[] } | undefined;
  if (!schema) return ["unexpected"];
  const shapes = schema.shape ? [schema.shape] : (schema.options ?? []).map((o) => o.shape ?? {});
  return [...new Set(shapes.flatMap((shape) => Object.keys(shape))), "unexpected"];
}

/**
 * The bounded round's fields and bad values: every bad value once and every field at least once, value `i` in
 * field `i + shift` (the shift drawn from the seed, so that over runs each value meets each field).
 */
function fieldValueRound(fields: readonly string[], shift: number): [string, unknown][] {
  return Array.from({ length: Math.max(BAD_VALUES.length, fields.length) }, (_, i): [string, unknown] => [
    fields[(i + shift) % fields.length] as string,
    BAD_VALUES[i % BAD_VALUES.length],
  ]);
}

/** Every malformed request for one operation: path, query, raw body and each field made wrong. */
function malformedRequests(spec: OperationSpec): { path: string; body?: string }[] {
  const path = placeholderPath(spec);
  const requests: { path: string; body?: string }[] = [];
  if (path !== spec.path) for (const segment of BAD_SEGMENTS) requests.push({ path: rawPath(spec, segment) });
  for (const query of BAD_QUERIES) requests.push({ path: `${path}?${query}` });
  const next = random((FUZZ_SEED + spec.path.length * 7919 + spec.method.length) % 2147483648);
  const queryKeys = spec.query ? Object.keys(spec.query.shape) : ["q"];
  for (let i = 0; i < RANDOM_QUERIES; i++) {
    const key = queryKeys[i % queryKeys.length];
    requests.push({ path: `${path}?${key}=${encodeURIComponent(randomText(next))}&${randomText(next, 6)}` });
    if (path !== spec.path) requests.push({ path: rawPath(spec, encodeURIComponent(randomText(next))) });
  }
  if (spec.method !== "GET") {
    for (const body of BAD_BODIES) requests.push({ path, body });
    const fields = fieldNames(spec);
    const pairs: [string, unknown][] = DEEP
      ? fields.flatMap((field) => BAD_VALUES.map((value): [string, unknown] => [field, value]))
      : fieldValueRound(fields, Math.floor(next() * fields.length));
    for (const [field, value] of pairs) {
      // `true` is no bad value for a lone boolean setting (see below).
      if (path === spec.path && spec.body?.safeParse({ [field]: value }).success) continue;
      requests.push({ path, body: JSON.stringify({ [field]: value }) });
    }
    for (let i = 0; i < RANDOM_BODIES; i++) {
      const body = i % 3 === 0 ? randomValue(next) : Object.fromEntries(fields.map((f) => [f, randomValue(next)]));
      // A random body that happens to be well formed (a lone boolean setting drawn true) is a real request, not
      // malformed input: it may change what it names.
      if (path === spec.path && spec.body?.safeParse(body).success) continue;
      requests.push({ path, body: JSON.stringify(body) });
    }
  }
  return requests;
}

/** The stored data, less the cat of the day's pick (a query the server ignores, like `?&&&`, is a real call). */
async function snapshot(server: TestServer): Promise<string> {
  const db = server.core.db;
  const tables = ["users", "projects", "roles", "tokens", "twitch_authorizations"] as const;
  const rows = await Promise.all(tables.map((t) => db.selectFrom(t).selectAll().execute()));
  const settings = await db
    .selectFrom("settings")
    .selectAll()
    .where("key", "not like", `${CAT_SETTING_PREFIX}%`)
    .execute();
  return JSON.stringify([rows, settings]);
}

/**
 * Fuzzes `names` on a server of this file's own (started once: each operation gets a session of its own on it).
 * Call it at the top level of a test file.
 */
export function fuzzOperations(names: readonly OperationName[]): void {
  let server: TestServer;
  let youtube: FakeYouTube;
  let cats: FakeCatApi;

  beforeAll(async () => {
    youtube = await startFakeYouTube();
    cats = await startFakeCatApi();
    server = await startTestServer({
      env: {
        YOUTUBE_API_KEY: youtube.apiKey,
        YOUTUBE_API_BASE_URL: youtube.baseUrl,
        CAT_API_BASE_URL: cats.baseUrl,
        // 'Connect Twitch' answers 503 unconfigured; a bad callback never reaches Twitch (no state of ours).
        TWITCH_CLIENT_ID: "fuzzclientid",
      },
      // Rate limits answer 429 long before a few hundred calls; the point here is what the handlers do.
      rateLimits: {
        loginPerIp: 1e6,
        loginPerUsername: 1e6,
        forgotPerEmail: 1e6,
        forgotPerIp: 1e6,
        signupPerIp: 1e6,
        passwordConfirmPerUser: 1e6,
      },
    });
    // The sync log's identity is made once, by the first pull: a real change, so made before any snapshot.
    const owner = await server.login(OWNER.username, OWNER.password);
    expect((await owner.get("/api/sync/pull")).status).toBe(200);
  });
  afterAll(async () => {
    await server.close();
    await youtube.close();
    await cats.close();
  });

  describe.each(names)("%s", (name) => {
    it("answers malformed input with a 4xx JSON error, no stack, and changes nothing", async () => {
      const spec: OperationSpec = operations[name];
      // A session of its own: a call that signs out (auth.logout) must not turn every later one into a 401.
      const owner: TestClient = await server.login(OWNER.username, OWNER.password);
      const before = await snapshot(server);
      const requests = malformedRequests(spec);
      expect(requests.length).toBeGreaterThan(8);
      for (const request of requests) {
        const res = await owner.request<{ error?: string }>(spec.method, request.path, request.body);
        const what = `seed ${FUZZ_SEED}: ${spec.method} ${request.path} ${request.body?.slice(0, 80) ?? ""} → ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.status, what).toBeLessThan(500);
        expect(res.text, what).not.toMatch(/\bat .+:\d+:\d+|Error: /);
        if (res.status >= 400) expect(typeof res.body.error, what).toBe("string");
      }
      expect(await snapshot(server)).toBe(before);
      // Every request above reached its handler as the owner, not a 401 of a session some request ended.
      if (name !== "auth.logout") expect((await owner.get("/api/sessions")).status).toBe(200);
    });
  });
}
