/**
 * For the desktop tests: the real `createDesktopMain` over a real SQLite file, called exactly as the
 * renderer calls it (through `handleInvoke`, from the app's own window), with every reply kept so a
 * test can search them all for the token. Outer edges only are stood in for: the OS keychain (a fake
 * safeStorage that really encrypts), the timers, and the network (a fetch a test can watch or cut).
 */
import type { InvokeReply } from "../../shared/ipc-channel.ts";
import { type FakeKeychain, fakeAsyncSafeStorage, fakeKeychain } from "../../test/fake-safe-storage.ts";
import { createDesktopMain, type DesktopMain } from "../desktop-main.ts";
import type { Timers } from "../sync/engine.ts";

export const RENDERER_URL = "app://portfolio/index.html";
export const OWN_WINDOW = { url: `${RENDERER_URL}#/admin/projects`, parent: null };

/** Timers that fire only when the test says so; they remember what was scheduled and when. */
export interface ManualTimers extends Timers {
  /** Delays of the timers still waiting, in the order set. */
  waiting(): number[];
  /** Fires every waiting timer. */
  fireAll(): void;
}

export function manualTimers(): ManualTimers {
  let next = 0;
  const waiting = new Map<number, { run: () => void; ms: number }>();
  return {
    setTimeout(run, ms) {
      const id = ++next;
      waiting.set(id, { run, ms });
      return id;
    },
    clearTimeout(handle) {
      waiting.delete(handle as number);
    },
    waiting: () => [...waiting.values()].map((timer) => timer.ms),
    fireAll() {
      const due = [...waiting.values()];
      waiting.clear();
      for (const timer of due) timer.run();
    },
  };
}

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
}

/** The network as a test sees it: every request recorded, and a switch that makes it unreachable. */
export interface TestNetwork {
  fetch: typeof fetch;
  requests: RecordedRequest[];
  offline: boolean;
  /** A gateway in front of the server answering instead of it (e.g. a 502), while set. */
  gateway: ((request: RecordedRequest) => Response | undefined) | undefined;
  /** Called as each request leaves (before the server sees it). */
  onRequest: ((request: RecordedRequest) => void) | undefined;
}

export function testNetwork(): TestNetwork {
  const network: TestNetwork = {
    requests: [],
    offline: false,
    gateway: undefined,
    onRequest: undefined,
    fetch: async (input, init = {}) => {
      const url = String(input instanceof Request ? input.url : input);
      const request: RecordedRequest = {
        url,
        method: init.method ?? "GET",
        headers: new Headers(init.headers),
        body: typeof init.body === "string" ? init.body : undefined,
      };
      network.requests.push(request);
      network.onRequest?.(request);
      if (network.offline) throw new TypeError("fetch failed");
      return network.gateway?.(request) ?? globalThis.fetch(input, init);
    },
  };
  return network;
}

export interface TestDesktop {
  main: DesktopMain;
  timers: ManualTimers;
  network: TestNetwork;
  /** Every reply `call` got, for the token search. */
  replies: InvokeReply[];
  /** One call from the app's own window. */
  call(operation: string, input?: unknown): Promise<InvokeReply>;
  /** The same, for a call that must succeed: its value. */
  value<T = unknown>(operation: string, input?: unknown): Promise<T>;
}

export async function openTestDesktop(options: {
  dir: string;
  keychain?: FakeKeychain;
  network?: TestNetwork;
  hostname?: string;
  /** Projects per pull page (the server's 1000 unless said). */
  pullPageSize?: number;
}): Promise<TestDesktop> {
  const timers = manualTimers();
  const network = options.network ?? testNetwork();
  const main = await createDesktopMain({
    userDataDir: options.dir,
    safeStorage: fakeAsyncSafeStorage({ keychain: options.keychain ?? fakeKeychain() }),
    rendererUrl: RENDERER_URL,
    fetch: network.fetch,
    timers,
    hostname: options.hostname ?? "test-laptop",
    bcryptCost: 4,
    log: () => {},
    ...(options.pullPageSize ? { pullPageSize: options.pullPageSize } : {}),
  });
  const replies: InvokeReply[] = [];
  const call = async (operation: string, input?: unknown) => {
    const reply = await main.handleInvoke(OWN_WINDOW, input === undefined ? { operation } : { operation, input });
    replies.push(reply);
    return reply;
  };
  return {
    main,
    timers,
    network,
    replies,
    call,
    async value<T>(operation: string, input?: unknown) {
      const reply = await call(operation, input);
      if (!reply.ok) throw new Error(`${operation} failed: ${reply.status} ${reply.error}`);
      return reply.value as T;
    },
  };
}
