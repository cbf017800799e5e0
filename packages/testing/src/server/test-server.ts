/**
 * Starts the real Express app on 127.0.0.1:0 over a temporary SQLite file, with a controllable clock, and
 * gives tests a small HTTP client with a cookie jar that sends a same-origin Origin header.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { bootstrap } from "@portfolio/core/services";
import { createTestPostgresDatabase, testDialect } from "@portfolio/core/test/postgres-cluster";
import { createApp } from "@portfolio/server/app";
import { readConfig, type ServerConfig } from "@portfolio/server/config";
import { createCore, type ServerCore } from "@portfolio/server/create-core";
import type { RateLimitSettings } from "@portfolio/server/http/rate-limits";
import { createLogger } from "@portfolio/server/observe/logger";
import { copyMigratedSqlite } from "../data/sqlite-template.ts";

export const OWNER = { username: "owner", email: "owner@example.com", password: "owner-password-1" };

export interface TestServer {
  url: string;
  core: ServerCore;
  config: ServerConfig;
  outboxDir: string;
  logs: string[];
  /** Everything the server's logger wrote, as main.ts's stdout would hold it (JSON lines, or pretty ones). */
  logOutput: string[];
  clock: { advance(ms: number): void };
  /**
   * The SQL statements the server sent while `work` ran, counted once the answer and the work after it
   * (queued mail, in-flight tasks) are done: the statement budgets pin these counts. The visit counter's
   * timer has no turn meanwhile: its turns belong to no request.
   */
  countStatements(work: () => Promise<unknown>): Promise<number>;
  client(): TestClient;
  /** Logs in a new client as the given user. */
  login(username: string, password: string): Promise<TestClient>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  rateLimits?: Partial<RateLimitSettings>;
  /** Listen on this port (a restarted server keeps its address; 0, the default, picks a free one). */
  port?: number;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), "portfolio-test-"));
  // TEST_DATABASE=postgres: a fresh database on the run's PostgreSQL cluster instead of a SQLite file.
  const postgres =
    testDialect() === "postgres" && !options.env?.DATABASE_URL ? await createTestPostgresDatabase() : undefined;
  const logs: string[] = [];
  const logOutput: string[] = [];
  const logger = await createLogger(
    options.env?.LOG_FORMAT === "pretty" ? "pretty" : "json",
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        logOutput.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    }),
  );
  const log = (line: string) => {
    logs.push(line);
    logger.info(line);
  };
  let offsetMs = 0;
  const baseConfig = readConfig({
    DATABASE_URL: postgres ? postgres.url : `file:${join(dir, "test.db")}`,
    MAIL_OUTBOX_DIR: join(dir, "outbox"),
    BCRYPT_COST: "4",
    OWNER_USERNAME: OWNER.username,
    OWNER_EMAIL: OWNER.email,
    OWNER_PASSWORD: OWNER.password,
    SITE_DIR: join(dir, "no-site"),
    PORT: "0",
    // The key files are created in the test's folder (on PostgreSQL too), never in the repository.
    AUDIT_KEY_FILE: join(dir, "audit.key"),
    SECOND_FACTOR_KEY_FILE: join(dir, "second-factor.key"),
    ...options.env,
  });
  // A SQLite file of our own starts as a copy of the migrated template (sqlite-template.ts): createCore's
  // migrateToLatest then finds the schema current, as on PostgreSQL, whose test databases are copies too.
  if (!postgres && !options.env?.DATABASE_URL) await copyMigratedSqlite(join(dir, "test.db"));
  let statements = 0;
  const core = await createCore(baseConfig, log, {
    onQuery: () => {
      statements++;
    },
  });
  core.now = () => new Date(Date.now() + offsetMs);
  await bootstrap(core, baseConfig.owner);

  // Listen first: the port decides PUBLIC_URL, which the app reads when it is built (the origin check).
  const server = createServer();
  server.listen(options.port ?? 0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Links in mails and the allowed origin use the real address unless the test chose its own PUBLIC_URL.
  if (!options.env?.PUBLIC_URL) {
    baseConfig.publicUrl = url;
    core.config.publicUrl = url;
  }
  server.on("request", createApp({ core, config: baseConfig, log, logger, rateLimits: options.rateLimits }));
  const config = baseConfig;
  const siteOrigin = new URL(config.publicUrl).origin;

  const testServer: TestServer = {
    url,
    core,
    config,
    outboxDir: config.mailOutboxDir,
    logs,
    logOutput,
    clock: {
      advance(ms) {
        offsetMs += ms;
      },
    },
    async countStatements(work) {
      await core.inFlight.settled();
      await core.mailer.drain();
      // The visit counter's turns (every VISITS_FLUSH_MS it reads the owner's switch, and writes) belong to no
      // operation: on a slow machine one fell within a counted operation now and then, one statement over its
      // budget. None runs while the work is counted.
      const visits = core.tools?.visits;
      await visits?.pause();
      try {
        const before = statements;
        await work();
        await core.inFlight.settled();
        await core.mailer.drain();
        return statements - before;
      } finally {
        visits?.resume();
      }
    },
    // Clients act as pages of the site: their Origin is PUBLIC_URL's, wherever the server listens.
    client: () => new TestClient(url, siteOrigin),
    async login(username, password) {
      const client = new TestClient(url, siteOrigin);
      const res = await client.post("/api/login", { username, password });
      if (res.status !== 200) throw new Error(`login as ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return client;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Mail queued by the last requests is still being written into the outbox folder removed below, and a
      // rate limit may still be giving back a count: close waits for both before the database goes.
      await core.close();
      await postgres?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return testServer;
}

export interface TestResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly url: string,
    public origin: string | null = url,
  ) {}

  get<T = Record<string, unknown>>(path: string, headers: Record<string, string> = {}) {
    return this.request<T>("GET", path, undefined, headers);
  }
  post<T = Record<string, unknown>>(path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request<T>("POST", path, body, headers);
  }
  patch<T = Record<string, unknown>>(path: string, body?: unknown) {
    return this.request<T>("PATCH", path, body);
  }
  delete<T = Record<string, unknown>>(path: string) {
    return this.request<T>("DELETE", path);
  }

  async request<T>(
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = {};
    if (this.origin) headers.origin = this.origin;
    Object.assign(headers, extra);
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    // A FormData (a picture upload) sets its own multipart content type with its boundary.
    const form = body instanceof FormData;
    if (body !== undefined && typeof body !== "string" && !form) headers["content-type"] = "application/json";
    if (typeof body === "string") headers["content-type"] ??= "application/json";
    const res = await fetch(this.url + path, {
      method,
      headers,
      body:
        body === undefined
          ? undefined
          : typeof body === "string" || form
            ? (body as string | FormData)
            : JSON.stringify(body),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...rest] = (pair ?? "").split("=");
      const value = rest.join("=");
      if (!name) continue;
      if (value === "" || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = {};
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = {};
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }
}

/** The newest mails in the outbox, parsed enough to read recipient, subject and the one link. */
export function outboxMails(dir: string): { to: string; subject: string; link: string; raw: string }[] {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith(".eml"))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => parseMail(readFileSync(join(dir, file), "utf8")));
}

export function parseMail(raw: string): { to: string; subject: string; link: string; raw: string } {
  // Undo quoted-printable soft line breaks and escapes so links read whole.
  const decoded = raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
  const to = /^To: (.+)$/m.exec(decoded)?.[1]?.trim() ?? "";
  const subject = /^Subject: (.+)$/m.exec(decoded)?.[1]?.trim() ?? "";
  const link =
    /(https?:\/\/[^\s"<>]+)/.exec(
      decoded
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join("\n"),
    )?.[1] ?? "";
  return { to, subject, link, raw };
}

export function tokenFromLink(link: string): string {
  return new URL(link).searchParams.get("token") ?? "";
}

/** Every mail the server has sent so far, once its queue is empty. */
export async function sentMails(server: TestServer): Promise<ReturnType<typeof outboxMails>> {
  await server.core.mailer.drain();
  return outboxMails(server.outboxDir);
}

/** The token in the link of the newest mail to `address` ("" when none was sent). */
export async function tokenMailedTo(server: TestServer, address: string): Promise<string> {
  const mail = (await sentMails(server)).findLast((m) => m.to.includes(address));
  return mail ? tokenFromLink(mail.link) : "";
}
