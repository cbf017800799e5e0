/**
 * docs/security.md, promise 27 on POST /api/sync/push: nothing is parsed before the caller is known, the body's shape is
 * checked before it is parsed, pushes are rate limited per credential, and what a push stores is bounded.
 * docs/security.md, promise 28: what a sync op carries fits both databases (a 400 or a rejected op, never a 5xx).
 */
import { randomUUID } from "node:crypto";
import { request } from "node:http";
import { MESSAGES, type SyncPushAnswer } from "@portfolio/core/domain";
import { connectDevice, type DeviceClient, NEW_PROJECT, syncOp } from "@portfolio/testing/server/device-client.ts";
import { OWNER, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slowPush } from "../test/slow-push.ts";

let server: TestServer;
let device: DeviceClient;
beforeAll(async () => {
  server = await startTestServer();
  ({ device } = await connectDevice(server, OWNER.username, OWNER.password));
});
afterAll(async () => {
  await server.close();
});

const FOUR_MB = 4 * 1024 * 1024;

interface EarlyAnswer {
  status: number;
  body: unknown;
  /** Body bytes the client had sent when the answer arrived. */
  sentBeforeAnswer: number;
}

/**
 * Announces a 4 MB body, sends only its first 64 kB, and waits for the answer: an answer that arrives at
 * all was given without reading the body (the rest is never sent).
 */
function pushFirstChunkOnly(headers: Record<string, string>, announced = FOUR_MB): Promise<EarlyAnswer> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, "[");
    const req = request(`${server.url}/api/sync/push`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(announced), ...headers },
    });
    req.on("response", (res) => {
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () => {
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(parts).toString("utf8")),
          sentBeforeAnswer: chunk.length,
        });
        req.destroy();
      });
    });
    req.on("error", reject);
    req.write(chunk);
  });
}

async function pushRaw(body: string) {
  return device.call<SyncPushAnswer & { error?: string }>("POST", "/api/sync/push", body);
}

describe("the caller is known before the body is read", () => {
  it("answers 401 to an unknown device token before a 4 MB body is sent", async () => {
    const answer = await pushFirstChunkOnly({ authorization: "Bearer x" });
    expect(answer).toEqual({ status: 401, body: { error: "You must be logged in." }, sentBeforeAnswer: 65536 });
  });

  it("answers 401 to a revoked device token the same way", async () => {
    const { web, device: revoked, tokenId } = await connectDevice(server, OWNER.username, OWNER.password, "Old PC");
    expect((await web.delete(`/api/sync/tokens/${tokenId}`)).status).toBe(204);
    const answer = await pushFirstChunkOnly({ authorization: `Bearer ${revoked.token}` });
    expect(answer.status).toBe(401);
  });

  it("lets a desktop's fetch read the 401 of a large push (the closed connection is no network error)", async () => {
    // The desktop asks to sign in again on a 401 but retries a network error for ever: it must see the 401.
    const body = `{"clientId":"a","schemaVersion":1,"ops":[${"0,".repeat(1_500_000)}0]}`;
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${server.url}/api/sync/push`, {
        method: "POST",
        headers: { authorization: "Bearer pdt_revoked", "content-type": "application/json" },
        body,
      });
      statuses.push(res.status);
      await res.text();
    }
    expect(statuses).toEqual([401, 401, 401]);
  });

  it("delivers the 401 to a client still writing its 4 MB body: 20 pushes, 20 answers read, no reset", async () => {
    const outcomes = [];
    for (let i = 0; i < 20; i++) {
      outcomes.push(await slowPush(server.url, { authorization: "Bearer pdt_ended" }, { bodyBytes: FOUR_MB }));
    }
    const expected = { status: 401, body: JSON.stringify({ error: "You must be logged in." }) };
    expect(outcomes).toEqual(Array.from({ length: 20 }, () => expected));
  });

  it("delivers the 401 of a body announced over the limit too: the rest past 4 MB ends the connection gently", async () => {
    const outcomes = [];
    for (let i = 0; i < 20; i++) {
      outcomes.push(
        await slowPush(server.url, { authorization: "Bearer pdt_ended" }, { bodyBytes: FOUR_MB + 256 * 1024 }),
      );
    }
    const expected = { status: 401, body: JSON.stringify({ error: "You must be logged in." }) };
    expect(outcomes).toEqual(Array.from({ length: 20 }, () => expected));
  });

  it("reads the body of a known device token (its push is answered after the whole body)", async () => {
    const res = await device.push([syncOp({ entityId: randomUUID(), fields: NEW_PROJECT })]);
    expect(res.status).toBe(200);
    expect((res.body as unknown as SyncPushAnswer).results).toMatchObject([{ status: "applied" }]);
  });
});

describe("the body's shape is checked before it is parsed", () => {
  it("refuses nesting deeper than 16 levels with 400, before JSON.parse (the rest is not even JSON)", async () => {
    const res = await pushRaw(`{"clientId":"a","schemaVersion":1,"ops":[${"[".repeat(100_000)}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "A push is nested at most 16 levels deep." });
  });

  it("accepts the deepest push the protocol sends (a profile's social links)", async () => {
    const socialLinks = [{ label: "GitHub", url: "https://github.com/owner" }];
    const res = await device.push([syncOp({ entity: "profile", entityId: "profile", fields: { socialLinks } })]);
    expect(res.status).toBe(200);
  });

  it("answers 413 to more than 500 ops before JSON.parse (the rest is not even JSON)", async () => {
    const res = await pushRaw(`{"clientId":"a","schemaVersion":1,"ops":[${"0,".repeat(501)}`);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: "A push carries at most 500 ops: send the rest in another push." });
  });

  it("answers 400 to a body that is not JSON", async () => {
    const res = await pushRaw('{"clientId":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "The request body is not valid JSON." });
  });

  it("answers 413 to a body announced over 4 MB before reading it", async () => {
    const answer = await pushFirstChunkOnly({ authorization: `Bearer ${device.token}` }, FOUR_MB + 1);
    expect(answer).toEqual({ status: 413, body: { error: "The request body is too large." }, sentBeforeAnswer: 65536 });
  });

  it("delivers the 413 of a body announced over 4 MB to the client still writing it", async () => {
    const outcomes = [];
    for (let i = 0; i < 20; i++) {
      const headers = { authorization: `Bearer ${device.token}` };
      outcomes.push(await slowPush(server.url, headers, { bodyBytes: FOUR_MB + 256 * 1024 }));
    }
    const expected = { status: 413, body: JSON.stringify({ error: "The request body is too large." }) };
    expect(outcomes).toEqual(Array.from({ length: 20 }, () => expected));
  });

  it("answers 413 to a body over 4 MB", async () => {
    const description = "d".repeat(FOUR_MB);
    const res = await device.push([syncOp({ entityId: randomUUID(), fields: { ...NEW_PROJECT, description } })]);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: "The request body is too large." });
  });
});

describe("pushes are rate limited per credential", () => {
  it("answers 429 past the limit to that device token only", async () => {
    const own = await startTestServer({ rateLimits: { syncPushPerCredential: 2 } });
    try {
      const first = await connectDevice(own, OWNER.username, OWNER.password, "First");
      const second = await connectDevice(own, OWNER.username, OWNER.password, "Second");
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await first.device.push([])).status);
      expect(statuses).toEqual([200, 200, 429]);
      const limited = await first.device.push([]);
      expect(limited.body).toEqual({ error: MESSAGES.tooManyRequests });
      expect((await second.device.push([])).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe("what a push stores is bounded", () => {
  it("stores a rejected op's short message, not an echo of every unknown field", async () => {
    const fields = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`unknown-field-${i}`, i]));
    const op = syncOp({ entityId: randomUUID(), fields });
    const res = await device.push([op]);
    expect((res.body as unknown as SyncPushAnswer).results).toEqual([
      {
        opId: op.opId,
        status: "rejected",
        message: "Unknown project field: unknown-field-0, unknown-field-1, unknown-field-2 and 19997 more.",
      },
    ]);
    const stored = await server.core.db
      .selectFrom("sync_ops")
      .select("result")
      .where("op_id", "=", op.opId)
      .executeTakeFirstOrThrow();
    expect(stored.result.length).toBeLessThan(400);
  });
});

// Each of these answered 500 on PostgreSQL and failed the whole push, which the desktop retries for ever.
describe("a sync op holds only what both databases can store", () => {
  const body = (clientId: string, ops: unknown[]) => JSON.stringify({ clientId, schemaVersion: 1, ops });

  it("answers 400 to a baseVersion beyond 2^31 - 1, naming it", async () => {
    const op = syncOp({ entityId: randomUUID(), fields: NEW_PROJECT, baseVersion: 3_000_000_000 });
    const res = await pushRaw(body("desktop-1", [op]));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "ops[0]: baseVersion must be a whole number from 0 to 2147483647." });
  });

  it("answers 400 to a NUL in an entityId", async () => {
    const op = syncOp({ entityId: `${randomUUID()}\u0000`, fields: NEW_PROJECT });
    const res = await pushRaw(body("desktop-1", [op]));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "ops[0]: entityId must not contain control characters." });
  });

  it("answers 400 to a project entityId that is not a UUID", async () => {
    const op = syncOp({ entityId: "my-project", fields: NEW_PROJECT });
    const res = await pushRaw(body("desktop-1", [op]));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "ops[0]: A project's entityId must be a UUID." });
  });

  it("answers 400 to a NUL in the clientId", async () => {
    const res = await pushRaw(body("desk\u0000top", [syncOp({ entityId: randomUUID(), fields: NEW_PROJECT })]));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "clientId must not contain control characters." });
  });

  it("answers 400 to a NUL in a pull cursor", async () => {
    const res = await device.call("GET", `/api/sync/pull?since=${encodeURIComponent("abc\u0000.1")}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "The query field since must not contain control characters." });
  });

  it("answers 400 to a device token id that is not a UUID, a NUL included", async () => {
    const web = await server.login(OWNER.username, OWNER.password);
    const res = await web.delete(`/api/sync/tokens/${encodeURIComponent("x\u0000")}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "The path field id must not contain control characters." });
    const notUuid = await web.delete("/api/sync/tokens/x");
    expect(notUuid.status).toBe(400);
    expect(notUuid.body).toEqual({ error: "id must be a UUID." });
  });

  it("rejects a __proto__ field as an unknown field, as the HTTP API does", async () => {
    const id = randomUUID();
    const raw = `{"clientId":"desktop-1","schemaVersion":1,"ops":[{"opId":"${randomUUID()}","entity":"project","entityId":"${id}","kind":"upsert","baseVersion":0,"at":"${new Date().toISOString()}","fields":{"title":"T","description":"D","__proto__":{"isLatest":true}}}]}`;
    const res = await pushRaw(raw);
    expect(res.status).toBe(200);
    expect(res.body.results).toMatchObject([{ status: "rejected", message: "Unknown project field: __proto__." }]);
  });
});
