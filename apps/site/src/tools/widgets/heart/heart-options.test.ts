import { describe, expect, it } from "vitest";
import { feedUrl, HEART_DEFAULTS, heartIsConfigured, heartOptionsToParams, readHeartOptions } from "./heart-options.ts";

const read = (search: string) => readHeartOptions(new URLSearchParams(search));

describe("heart-rate settings", () => {
  it("needs a token (or demo mode)", () => {
    expect(read("")).toEqual(HEART_DEFAULTS);
    expect(heartIsConfigured(read(""))).toBe(false);
    expect(heartIsConfigured(read("token=abc"))).toBe(true);
    expect(heartIsConfigured(read("demo=1"))).toBe(true);
    expect(read("token=bad%20token").token).toBe("");
  });

  it("takes feeds on Pulsoid's host, or on this machine, and nowhere else", () => {
    const pulsoid = "wss://dev.pulsoid.net/api/v1/data/real_time?response_mode=text_plain_only_heart_rate";
    expect(feedUrl(pulsoid)).toBe(pulsoid);
    expect(feedUrl("ws://127.0.0.1:5000/hr")).toBe("ws://127.0.0.1:5000/hr");
    expect(feedUrl("wss://feeds.example/hr")).toBeNull();
    expect(feedUrl("ws://dev.pulsoid.net/api/v1/data/real_time")).toBeNull();
    expect(feedUrl("ws://feeds.example/hr")).toBeNull();
    expect(feedUrl("https://feeds.example/hr")).toBeNull();
    expect(feedUrl("wss://u:p@feeds.example/hr")).toBeNull();
    expect(read("url=ws://evil.example").url).toBe(HEART_DEFAULTS.url);
  });

  it("writes a URL that reads back the same", () => {
    const options = {
      ...HEART_DEFAULTS,
      token: "t0k",
      url: "ws://127.0.0.1:9/x",
      lostAfterSeconds: 20,
      size: 90,
      label: "♥",
      demo: false,
    };
    expect(readHeartOptions(heartOptionsToParams(options))).toEqual(options);
    expect(heartOptionsToParams({ ...HEART_DEFAULTS, token: "abc" }).toString()).toBe("token=abc");
    expect(read("lost=1").lostAfterSeconds).toBe(3);
  });
});
