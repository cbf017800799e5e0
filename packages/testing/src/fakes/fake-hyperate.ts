/**
 * A real WebSocket server on loopback speaking HypeRate's live feed (Phoenix channels):
 * `ws://127.0.0.1:PORT/socket/websocket?token=KEY` (a wrong key is refused at the handshake), `phx_join` on
 * `hr:<widget id>` answered with `phx_reply` ok, `heartbeat` on `phoenix` answered likewise, and readings as
 * `{"event": "hr_update", "payload": {"hr": 93}, "topic": "hr:<id>"}` to the clients joined to that topic.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";

export interface FakeHypeRate {
  /** The feed's address without the key (the widget's `url` parameter). */
  url: string;
  key: string;
  joins: string[];
  waitForJoin(topic: string): Promise<void>;
  send(widgetId: string, hr: number): void;
  close(): Promise<void>;
}

export async function startFakeHypeRate(key = "e2e-hyperate-key"): Promise<FakeHypeRate> {
  const http = createServer((_req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ noServer: true });
  const topics = new Map<WebSocket, Set<string>>();
  const joins: string[] = [];
  const waiters: { topic: string; resolve: () => void }[] = [];
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  http.on("upgrade", (req, socket, head) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname !== "/socket/websocket" || url.searchParams.get("token") !== key) {
      socket.end("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    wss.handleUpgrade(req, socket, head, (client) => {
      topics.set(client, new Set());
      client.on("close", () => topics.delete(client));
      client.on("message", (data) => {
        const message = JSON.parse(data.toString()) as { topic: string; event: string; ref: unknown };
        const reply = {
          topic: message.topic,
          event: "phx_reply",
          payload: { status: "ok", response: {} },
          ref: message.ref,
        };
        if (message.event === "phx_join") {
          topics.get(client)?.add(message.topic);
          joins.push(message.topic);
          for (const waiter of waiters.filter((w) => w.topic === message.topic)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve();
          }
        }
        client.send(JSON.stringify(reply));
      });
    });
  });
  return {
    url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}/socket/websocket`,
    key,
    joins,
    waitForJoin(topic) {
      if (joins.includes(topic)) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ topic, resolve }));
    },
    send(widgetId, hr) {
      const topic = `hr:${widgetId}`;
      for (const [client, joined] of topics) {
        if (joined.has(topic)) client.send(JSON.stringify({ event: "hr_update", payload: { hr }, ref: null, topic }));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of topics.keys()) client.terminate();
        wss.close();
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
