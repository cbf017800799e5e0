import { describe, expect, it } from "vitest";
import { beatMs, heartSocketUrl, PULSOID_REALTIME_URL, parseHeartRateMessage, signalState } from "./heart-rate.ts";

describe("heart-rate messages", () => {
  it("reads Pulsoid's real-time message", () => {
    expect(parseHeartRateMessage('{"measured_at": 1625310655000, "data": {"heart_rate": 93}}')).toEqual({
      bpm: 93,
      measuredAt: 1625310655000,
    });
    expect(parseHeartRateMessage('{"data":{"heart_rate":72.6}}')).toEqual({ bpm: 73, measuredAt: null });
  });

  it("ignores anything that is not a plausible reading", () => {
    for (const text of [
      "",
      "nope",
      "null",
      "[]",
      '{"data":{}}',
      '{"data":{"heart_rate":"90"}}',
      '{"data":{"heart_rate":0}}',
      '{"data":{"heart_rate":400}}',
    ]) {
      expect(parseHeartRateMessage(text), text).toBeNull();
    }
  });
});

describe("signal and beat", () => {
  it("is waiting before the first reading, live while readings come, lost when they stop", () => {
    expect(signalState(null, 5000, 10_000)).toBe("waiting");
    expect(signalState(1000, 10_999, 10_000)).toBe("live");
    expect(signalState(1000, 11_000, 10_000)).toBe("lost");
  });

  it("beats once per 60,000 / bpm ms, within sane limits", () => {
    expect(beatMs(60)).toBe(1000);
    expect(beatMs(120)).toBe(500);
    expect(beatMs(1)).toBe(2400);
    expect(beatMs(1000)).toBe(240);
  });

  it("adds the token to the feed's address", () => {
    expect(heartSocketUrl(PULSOID_REALTIME_URL, "abc-123")).toBe(
      "wss://dev.pulsoid.net/api/v1/data/real_time?access_token=abc-123",
    );
    expect(heartSocketUrl("ws://127.0.0.1:9/feed?x=1", "t")).toBe("ws://127.0.0.1:9/feed?x=1&access_token=t");
  });
});
