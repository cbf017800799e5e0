import { ApiError, ApiNetworkError } from "@portfolio/core/operations/client";
import { describe, expect, it } from "vitest";
import { needsConnection, needsServer } from "./needs-connection.ts";

describe("needsConnection", () => {
  it("is true for a 503 flagged needsConnection", () => {
    expect(needsConnection(new ApiError(503, "Needs a connection.", { needsConnection: true }))).toBe(true);
  });

  it("is false for a 503 without the flag (the server itself is unavailable)", () => {
    expect(needsConnection(new ApiError(503, "Service unavailable."))).toBe(false);
  });

  it("is false for another status carrying the flag", () => {
    expect(needsConnection(new ApiError(403, "Forbidden.", { needsConnection: true }))).toBe(false);
  });

  it("is false for a network error and for anything else", () => {
    expect(needsConnection(new ApiNetworkError(new TypeError("Failed to fetch")))).toBe(false);
    expect(needsConnection(new Error("boom"))).toBe(false);
    expect(needsConnection(undefined)).toBe(false);
  });
});

describe("needsServer", () => {
  it("is true when the desktop app works locally, with no server at all", () => {
    const error = new ApiError(503, "Needs a connection.", { needsConnection: true, noServer: true });
    expect(needsServer(error)).toBe(true);
  });

  it("is false while a connected app is merely offline", () => {
    expect(needsServer(new ApiError(503, "Needs a connection.", { needsConnection: true }))).toBe(false);
  });
});
