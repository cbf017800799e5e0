/** A JSON body declared in a charset other than UTF-8 is a 415, never read as something else. */

import { startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { declaredCharset, UTF8_ONLY_MESSAGE } from "./utf8-json.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const LOGIN = { username: "owner", password: "wrong-password" };

describe("a JSON body", () => {
  it.each(["iso-8859-1", "utf-16", "utf-16le", "utf-32", "koi8-r", '"windows-1252"', ""])(
    "declared in charset=%s is a 415 that says to send UTF-8",
    async (charset) => {
      const res = await server.client().request("POST", "/api/login", JSON.stringify(LOGIN), {
        "content-type": `application/json; charset=${charset}`,
      });
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ error: UTF8_ONLY_MESSAGE });
    },
  );

  it("in real UTF-16 is refused too, not decoded into a login attempt", async () => {
    const utf16 = Buffer.from(JSON.stringify(LOGIN), "utf16le");
    const res = await fetch(`${server.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-16le", origin: server.url },
      body: utf16,
    });
    expect(res.status).toBe(415);
  });

  it.each(["application/json", "application/json; charset=utf-8", 'application/json; charset="UTF-8"'])(
    "as %s is read",
    async (contentType) => {
      const res = await server
        .client()
        .request("POST", "/api/login", JSON.stringify(LOGIN), { "content-type": contentType });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: "Invalid username or password." });
    },
  );
});

describe("declaredCharset", () => {
  it("reads the parameter whatever its case, quotes or place", () => {
    expect(declaredCharset("application/json; CHARSET=UTF-16")).toBe("utf-16");
    expect(declaredCharset('application/json;charset="latin1"; x=y')).toBe("latin1");
    expect(declaredCharset("application/json")).toBeUndefined();
    expect(declaredCharset(undefined)).toBeUndefined();
  });
});
