/**
 * A real WebSocket server on loopback shaped like Pulsoid's real-time feed:
 * `ws://127.0.0.1:PORT/api/v1/data/real_time?access_token=TOKEN` (a wrong or missing token is refused at the
 * handshake with 403, as Pulsoid does), then one JSON message per reading:
 * `{"measured_at": 1625310655000, "data": {"heart_rate": 93}}`.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";

export const FEED_PATH = "/api/v1/data/real_time";

export interface FakeHeartRate {
  /** The feed's address without the token (what the widget's `url` parameter takes). */
  url: string;
  token: string;
  connections: number;
  refused: number;
  waitForClients(count: number): Promise<void>;
  send(bpm: number): void;
  sendRaw(text: string): void;
  dropAll(): void;
  close(): Promise<void>;
}

export async function startFakeHeartRate(token = "e2e-heart-token"): Promise<FakeHeartRate> {
  const http = createServer((_req, res) => {
    res.writeHead(404).end();
  });
  const wss = new WebSocketServer({ noServer: true });
  const clients = new Set<WebSocket>();
  const waiters: { count: number; resolve: () => void }[] = [];
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));

  const fake: FakeHeartRate = {
    url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}${FEED_PATH}`,
    token,
    connections: 0,
    refused: 0,
    waitForClients(count) {
      if (fake.connections >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    send(bpm) {
      fake.sendRaw(JSON.stringify({ measured_at: Date.now(), data: { heart_rate: bpm } }));
    },
    sendRaw(text) {
      for (const client of clients) client.send(text);
    },
    dropAll() {
      for (const client of clients) client.terminate();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of clients) client.terminate();
        wss.close();
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };

  http.on("upgrade", (req, socket, head) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname !== FEED_PATH || url.searchParams.get("access_token") !== token) {
      fake.refused++;
      socket.end("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    wss.handleUpgrade(req, socket, head, (client) => {
      clients.add(client);
      fake.connections++;
      client.on("close", () => clients.delete(client));
      for (const waiter of [...waiters]) {
        if (fake.connections >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    });
  });
  return fake;
}
