/** A stand-in for the browser's WebSocket in Node unit tests (only the callbacks the widgets use). */
import type { SocketLike } from "./reconnecting-socket.ts";

export class FakeSocket implements SocketLike {
  static created: FakeSocket[] = [];
  sent: string[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.created.push(this);
  }

  static reset(): void {
    FakeSocket.created = [];
  }

  static last(): FakeSocket {
    const socket = FakeSocket.created.at(-1);
    if (!socket) throw new Error("No socket was created.");
    return socket;
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(): void {
    this.closed = true;
  }

  /** Server side: accept the connection. */
  open(): void {
    this.onopen?.({});
  }

  /** Server side: send a text frame. */
  receive(data: string): void {
    this.onmessage?.({ data });
  }

  /** Server side: drop the connection. */
  drop(): void {
    this.closed = true;
    this.onclose?.({});
  }
}
