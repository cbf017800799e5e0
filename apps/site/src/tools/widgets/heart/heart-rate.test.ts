import { describe, expect, it } from "vitest";
import {
  beatMs,
  HYPERATE_HEARTBEAT,
  HYPERATE_SOCKET_URL,
  heartSocketUrl,
  hyperateJoin,
  hyperateSocketUrl,
  PULSOID_REALTIME_URL,
  parseHeartRateMessage,
  parseHypeRateMessage,
  signalState,
} from "./heart-rate.ts";

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

describe("HypeRate's live feed", () => {
  it("joins the streamer's channel and keeps the socket alive the Phoenix way", () => {
    expect(JSON.parse(hyperateJoin("abc12"))).toEqual({ topic: "hr:abc12", event: "phx_join", payload: {}, ref: 0 });
    expect(JSON.parse(HYPERATE_HEARTBEAT)).toEqual({ topic: "phoenix", event: "heartbeat", payload: {}, ref: 0 });
    expect(hyperateSocketUrl(HYPERATE_SOCKET_URL, "k3y")).toBe("wss://app.hyperate.io/socket/websocket?token=k3y");
  });

  it("reads hr_update of the joined channel only, and ignores replies and impossible rates", () => {
    const update = (hr: unknown, topic = "hr:abc12") =>
      JSON.stringify({ event: "hr_update", payload: { hr }, topic, ref: null });
    expect(parseHypeRateMessage(update(88), "abc12")).toEqual({ bpm: 88, measuredAt: null });
    expect(parseHypeRateMessage(update(88, "hr:other"), "abc12")).toBeNull();
    expect(parseHypeRateMessage(update(999), "abc12")).toBeNull();
    expect(
      parseHypeRateMessage('{"event":"phx_reply","payload":{"status":"ok"},"topic":"hr:abc12"}', "abc12"),
    ).toBeNull();
    expect(parseHypeRateMessage("nope", "abc12")).toBeNull();
  });
});
