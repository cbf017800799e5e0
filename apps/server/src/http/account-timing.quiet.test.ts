/**
 * docs/security.md, promises 6 and 25, measured: forgot-password and sign-up take the same time for known and unknown
 * addresses. Timing needs a quiet machine, so `pnpm test` runs `*.quiet.test.ts` files on their own, one
 * at a time, after the parallel suite (a 1 ms bound means nothing next to another test file's load).
 */
import type { AddressInfo } from "node:net";
import { OWNER, outboxMails, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";

let server: TestServer;
afterEach(async () => {
  await server?.close();
});

describe("account timing (6, 25)", () => {
  /**
   * 50 pairs of timed calls, one known and one unknown address each, back to back (which goes first
   * alternates); mail queued by a call is sent untimed. The answer is the median of the pairs' differences:
   * the two calls of a pair share the machine's load of that moment, so drift and other processes' bursts
   * cancel out, and a burst that hits one call of a few pairs moves the median of 50 differences not at all.
   */
  async function medianDifference(call: (known: boolean, i: number) => Promise<number>): Promise<number> {
    for (let i = 0; i < 5; i++) {
      await call(true, -1 - i);
      await call(false, -1 - i);
    }
    const differences: number[] = [];
    for (let i = 0; i < 50; i++) {
      const knownFirst = i % 2 === 0;
      const first = await call(knownFirst, i);
      const second = await call(!knownFirst, i);
      differences.push(knownFirst ? first - second : second - first);
    }
    const sorted = differences.sort((a, b) => a - b);
    return ((sorted[24] ?? 0) + (sorted[25] ?? 0)) / 2;
  }

  async function timed(send: () => Promise<{ status: number }>, status: number): Promise<number> {
    const started = performance.now();
    const res = await send();
    const elapsed = performance.now() - started;
    expect(res.status).toBe(status);
    await server.core.mailer.drain();
    return elapsed;
  }

  // A real leak (the mail sent before the answer) made a known address 2.5 ms slower on every call.
  it("forgot-password answers a known and an unknown address in the same time (within 1 ms)", {
    timeout: 30_000,
  }, async () => {
    server = await startTestServer({ rateLimits: { forgotPerEmail: 1000, forgotPerIp: 1000 } });
    const client = server.client();
    const difference = await medianDifference((known, i) =>
      timed(() => client.post("/api/forgot-password", { email: known ? OWNER.email : `nobody${i}@example.com` }), 200),
    );
    expect(Math.abs(difference)).toBeLessThan(1);
    // The known address still got its mail, sent after the answer.
    expect(outboxMails(server.outboxDir).filter((m) => m.to === OWNER.email)).toHaveLength(55);
  });

  it("sign-up and forgot-password answer before the mail server has taken their mail", async () => {
    // An SMTP server that holds every message until released: an answer that waited for it would hang.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on("end", () => {
          void released.then(() => {
            received.push(...session.envelope.rcptTo.map((r) => r.address));
            callback();
          });
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as AddressInfo;
    try {
      server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
      const within = <T>(promise: Promise<T>) =>
        Promise.race([promise, new Promise<"still waiting">((resolve) => setTimeout(resolve, 3000, "still waiting"))]);
      const taken = { username: "someoneelse", email: OWNER.email, password: "signup-pass-1" };
      expect(
        await within(
          server
            .client()
            .post("/api/signup", taken)
            .then((r) => r.status),
        ),
      ).toBe(201);
      expect(
        await within(
          server
            .client()
            .post("/api/forgot-password", { email: OWNER.email })
            .then((r) => r.status),
        ),
      ).toBe(200);
      expect(received).toEqual([]);
      release();
      await server.core.mailer.drain();
      expect(received).toEqual([OWNER.email, OWNER.email]);
    } finally {
      release();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
