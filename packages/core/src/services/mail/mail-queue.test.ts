import { describe, expect, it } from "vitest";
import type { MailMessage } from "./mail-message.ts";
import { createMailQueue } from "./mail-queue.ts";

const mail = (n: number, link = `https://site.example/reset-password?token=secret-token-${n}`): MailMessage => ({
  to: `user${n}@example.com`,
  subject: `Mail ${n}`,
  text: link,
  html: link,
  link,
});

describe("mail queue", () => {
  it("returns from enqueue before anything is sent, and drain waits for the sending", async () => {
    const sent: string[] = [];
    const queue = createMailQueue(
      async (m) => {
        sent.push(m.subject);
      },
      () => {},
    );
    queue.enqueue(mail(1));
    await Promise.resolve();
    expect(sent).toEqual([]);
    await queue.drain();
    expect(sent).toEqual(["Mail 1"]);
  });

  it("sends one mail at a time, in the order queued", async () => {
    const events: string[] = [];
    const queue = createMailQueue(
      async (m) => {
        events.push(`start ${m.subject}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        events.push(`end ${m.subject}`);
      },
      () => {},
    );
    for (const n of [1, 2, 3]) queue.enqueue(mail(n));
    await queue.drain();
    expect(events).toEqual(["start Mail 1", "end Mail 1", "start Mail 2", "end Mail 2", "start Mail 3", "end Mail 3"]);
  });

  it("logs a failed mail without its link or token and goes on with the next", async () => {
    const logs: string[] = [];
    const sent: string[] = [];
    const queue = createMailQueue(
      async (m) => {
        if (m.subject === "Mail 1") throw new Error(`550 rejected ${m.link} via smtp://user:hunter2@mail.example`);
        sent.push(m.subject);
      },
      (line) => logs.push(line),
    );
    queue.enqueue(mail(1));
    queue.enqueue(mail(2));
    await queue.drain();
    expect(sent).toEqual(["Mail 2"]);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('Mail "Mail 1" to user1@example.com could not be sent: 550 rejected [link]');
    expect(logs[0]).not.toContain("secret-token-1");
    expect(logs[0]).not.toContain("hunter2");
  });

  it("drains at once when nothing is queued", async () => {
    const queue = createMailQueue(
      async () => {},
      () => {},
    );
    await expect(queue.drain()).resolves.toBeUndefined();
  });
});
