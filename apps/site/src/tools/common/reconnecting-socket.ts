/**
 * A WebSocket that comes back by itself: after a close or a failed connect it waits a backoff delay and
 * tries again, until stopped. The caller says when the link is healthy (e.g. Twitch welcomed us), which
 * resets the backoff, so a server that accepts and then drops us at once is not hammered.
 * The socket and the timers are injected, so the rules are tested in Node without a network.
 */
import { type BackoffOptions, backoffDelay, DEFAULT_BACKOFF } from "./backoff.ts";

/** The part of the browser's WebSocket this uses. */
export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type SocketStatus = "connecting" | "open" | "waiting" | "stopped";

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ReconnectingSocketOptions {
  url: () => string;
  onOpen?: (socket: SocketLike) => void;
  onMessage: (data: string, socket: SocketLike) => void;
  onStatus?: (status: SocketStatus, detail: { attempt: number; delayMs?: number }) => void;
  createSocket?: (url: string) => SocketLike;
  backoff?: BackoffOptions;
  random?: () => number;
  timers?: Timers;
}

const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class ReconnectingSocket {
  private socket: SocketLike | null = null;
  private timer: unknown = null;
  private attempt = 0;
  private stopped = true;
  private readonly timers: Timers;

  constructor(private readonly options: ReconnectingSocketOptions) {
    this.timers = options.timers ?? browserTimers;
  }

  get failedAttempts(): number {
    return this.attempt;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimer();
    this.drop();
    this.options.onStatus?.("stopped", { attempt: this.attempt });
  }

  /** The link works: the next failure starts the backoff from the beginning again. */
  markHealthy(): void {
    this.attempt = 0;
  }

  /** Drops the current connection and reconnects after a short pause (e.g. the server asked us to). */
  reconnect(): void {
    if (this.stopped) return;
    this.drop();
    this.scheduleRetry();
  }

  private connect(): void {
    this.clearTimer();
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
    this.options.onStatus?.("connecting", { attempt: this.attempt });
    let socket: SocketLike;
    try {
      socket = create(this.options.url());
    } catch {
      // A refused address (or CSP) throws at once: treat it as a failed connect.
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.options.onStatus?.("open", { attempt: this.attempt });
      this.options.onOpen?.(socket);
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      if (typeof event.data === "string") this.options.onMessage(event.data, socket);
    };
    socket.onerror = () => {
      // A close event always follows; it does the retry.
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (!this.stopped) this.scheduleRetry();
    };
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    this.clearTimer();
    const delayMs = backoffDelay(
      this.attempt,
      (this.options.random ?? Math.random)(),
      this.options.backoff ?? DEFAULT_BACKOFF,
    );
    this.options.onStatus?.("waiting", { attempt: this.attempt, delayMs });
    this.attempt += 1;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      if (!this.stopped) this.connect();
    }, delayMs);
  }

  private drop(): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    try {
      socket.close();
    } catch {
      // already closed
    }
  }

  private clearTimer(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}
