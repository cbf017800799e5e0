import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeSocket } from "./fake-socket.test-helper.ts";
import { ReconnectingSocket, type SocketStatus } from "./reconnecting-socket.ts";

describe("ReconnectingSocket", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.reset();
  });
  afterEach(() => vi.useRealTimers());

  function make() {
    const statuses: SocketStatus[] = [];
    const messages: string[] = [];
    const socket = new ReconnectingSocket({
      url: () => "ws://127.0.0.1:1/x",
      createSocket: (url) => new FakeSocket(url),
      onOpen: (s) => s.send("hello"),
      onMessage: (data) => messages.push(data),
      onStatus: (status) => statuses.push(status),
      random: () => 1,
    });
    return { socket, statuses, messages };
  }

  it("connects, greets on open and passes text messages on", () => {
    const { socket, statuses, messages } = make();
    socket.start();
    const first = FakeSocket.last();
    first.open();
    first.receive("one");
    expect(first.sent).toEqual(["hello"]);
    expect(messages).toEqual(["one"]);
    expect(statuses).toEqual(["connecting", "open"]);
  });

  it("reconnects with growing delays until healthy, then starts over", () => {
    const { socket } = make();
    socket.start();
    FakeSocket.last().drop();
    expect(FakeSocket.created).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.created).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.created).toHaveLength(2);
    FakeSocket.last().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.created).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.created).toHaveLength(3);
    FakeSocket.last().open();
    socket.markHealthy();
    FakeSocket.last().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.created).toHaveLength(4);
  });

  it("stops for good: closes the socket and cancels a pending retry", () => {
    const { socket, statuses } = make();
    socket.start();
    const first = FakeSocket.last();
    first.drop();
    socket.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.created).toHaveLength(1);
    expect(statuses.at(-1)).toBe("stopped");
    socket.start();
    const second = FakeSocket.last();
    socket.stop();
    expect(second.closed).toBe(true);
  });

  it("ignores events of a socket it already replaced", () => {
    const { socket, messages } = make();
    socket.start();
    const first = FakeSocket.last();
    socket.reconnect();
    first.receive("stale");
    vi.advanceTimersByTime(1000);
    FakeSocket.last().receive("fresh");
    expect(messages).toEqual(["fresh"]);
    expect(first.closed).toBe(true);
  });

  it("treats a constructor that throws as a failed connect", () => {
    let calls = 0;
    const socket = new ReconnectingSocket({
      url: () => "ws://127.0.0.1:1",
      createSocket: (url) => {
        calls++;
        if (calls === 1) throw new Error("refused");
        return new FakeSocket(url);
      },
      onMessage: () => {},
      random: () => 0,
    });
    socket.start();
    expect(FakeSocket.created).toHaveLength(0);
    vi.advanceTimersByTime(500);
    expect(FakeSocket.created).toHaveLength(1);
    socket.stop();
  });
});
