import { describe, expect, it } from "vitest";
import { isLoopbackHost, loopbackSocketUrl } from "./loopback.ts";

describe("loopback WebSocket overrides", () => {
  it("accepts ws and wss on localhost, 127.0.0.0/8 and [::1]", () => {
    for (const url of ["ws://127.0.0.1:4000", "wss://localhost:9", "ws://[::1]:8080/irc", "ws://127.10.0.3:1"]) {
      expect(loopbackSocketUrl(url)?.href, url).toBe(new URL(url).href);
    }
  });

  it("refuses every other host, scheme or shape", () => {
    for (const url of [
      "ws://example.com:4000",
      "wss://irc-ws.chat.twitch.tv:443",
      "ws://127.0.0.1.evil.com",
      "ws://localhost.evil.com",
      "http://127.0.0.1:4000",
      "ws://user:pw@127.0.0.1:4000",
      "ws://10.0.0.1",
      "ws://128.0.0.1",
      "not a url",
      "",
      null,
      undefined,
    ]) {
      expect(loopbackSocketUrl(url), String(url)).toBeNull();
    }
  });

  it("checks each part of a 127.x address", () => {
    expect(isLoopbackHost("127.0.0.256")).toBe(false);
    expect(isLoopbackHost("LOCALHOST")).toBe(true);
  });
});
