import { describe, expect, it } from "vitest";
import { CALLBACK_MESSAGES, callbackPayload, readCallback, redactSecrets, redactUrl } from "./twitch-callback.ts";

describe("readCallback", () => {
  it("reads an implicit-flow token from the hash", () => {
    expect(readCallback("#access_token=abc123&scope=chat%3Aread+chat%3Aedit&token_type=bearer&state=x", "")).toEqual({
      kind: "authorized",
      accessToken: "abc123",
      authCode: null,
      scope: ["chat:read", "chat:edit"],
      tokenType: "bearer",
      state: "x",
    });
  });

  it("reads an authorization code from the query", () => {
    expect(readCallback("", "?code=xyz&scope=user%3Aread%3Aemail&state=s-1_2")).toEqual({
      kind: "authorized",
      accessToken: null,
      authCode: "xyz",
      scope: ["user:read:email"],
      tokenType: null,
      state: "s-1_2",
    });
  });

  it("reports an error from the query (or the hash) before anything else", () => {
    expect(
      readCallback("#access_token=abc", "?error=access_denied&error_description=The+user+denied+you+access"),
    ).toEqual({
      kind: "error",
      error: "access_denied",
      description: "The user denied you access",
    });
    expect(readCallback("#error=redirect_mismatch", "")).toMatchObject({ kind: "error", error: "redirect_mismatch" });
    expect(CALLBACK_MESSAGES.authorizationError("access_denied")).toBe("Authorization error: access_denied");
  });

  it("reads no state when Twitch returned none", () => {
    expect(readCallback("#access_token=abc&state=", "")).toMatchObject({ kind: "authorized", state: null });
  });

  it("says when there is nothing to process", () => {
    expect(readCallback("", "")).toEqual({ kind: "missing" });
    expect(readCallback("#access_token=", "?code=%20")).toEqual({ kind: "missing" });
  });
});

describe("callbackPayload", () => {
  it("has the fields of spec section 3 and the state", () => {
    const reading = readCallback("#access_token=abc&scope=chat:read&state=st4te&token_type=bearer", "");
    if (reading.kind !== "authorized") throw new Error("not authorized");
    expect(
      callbackPayload(reading, {
        now: new Date("2026-01-01T00:00:00Z"),
        userAgent: "UA",
        referrer: "https://id.twitch.tv/",
      }),
    ).toEqual({
      accessToken: "abc",
      authCode: undefined,
      scope: ["chat:read"],
      tokenType: "bearer",
      timestamp: "2026-01-01T00:00:00.000Z",
      userAgent: "UA",
      referrer: "https://id.twitch.tv/",
      state: "st4te",
    });
  });
});

describe("debug info", () => {
  it("hides tokens and codes, keeps the rest", () => {
    expect(redactSecrets("#access_token=abc123&scope=chat%3Aread&token_type=bearer")).toBe(
      "#access_token=[hidden]&scope=chat%3Aread&token_type=bearer",
    );
    expect(redactSecrets("?code=secret&error=x")).toBe("?code=[hidden]&error=x");
    expect(redactSecrets("#access_token=t&state=s")).toBe("#access_token=[hidden]&state=[hidden]");
    expect(redactSecrets("")).toBe("");
    expect(redactSecrets("?flag")).toBe("?flag");
    expect(redactUrl("https://site.dev/twitch/callback?code=c#access_token=t")).toBe(
      "https://site.dev/twitch/callback?code=[hidden]#access_token=[hidden]",
    );
    expect(redactUrl("not a url")).toBe("[unreadable URL]");
  });
});
