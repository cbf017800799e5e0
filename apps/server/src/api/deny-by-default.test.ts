/**
 * docs/security.md, promise 9, proven over the whole registry: every operation that is not public answers 401 logged out, and
 * every one that needs a permission answers 403 to a logged-in user holding none, whatever its input. An
 * operation added later is covered without touching this file.
 */
import { ACTIONS, OPERATION_NAMES, operations } from "@portfolio/core/domain";
import { createAccount, PASSWORD } from "@portfolio/testing/server/accounts.ts";
import { startTestServer, type TestClient, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callOperation } from "../test/registry-requests.ts";

let server: TestServer;
let nobody: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  await createAccount(server, "nobody", []);
  nobody = await server.login("nobody", PASSWORD);
});
afterAll(async () => {
  await server.close();
});

const guarded = OPERATION_NAMES.filter((name) => operations[name].action !== "public");
const needsPermission = guarded.filter((name) => ACTIONS[operations[name].action].length > 0);

describe.each(guarded)("%s", (name) => {
  it("answers 401 to a caller who is not logged in", async () => {
    const res = await callOperation(server.client(), operations[name]);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "You must be logged in." });
  });
});

describe.each(needsPermission)("%s", (name) => {
  it("answers 403 to a logged-in user without the permission", async () => {
    const res = await callOperation(nobody, operations[name]);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/^(You do not have permission to|Only the owner can)/);
  });
});

it("covers every operation: public ones are the only ones left out", () => {
  const open = OPERATION_NAMES.filter((name) => !guarded.includes(name));
  expect(open.every((name) => operations[name].action === "public")).toBe(true);
  expect(guarded.length).toBeGreaterThan(10);
});
