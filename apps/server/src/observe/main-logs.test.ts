/**
 * What `portfolio-server` prints: the bundled server, started as `pnpm start` starts it, writes
 * one JSON line per entry when its output is not a terminal (a log collector's case), its startup messages
 * as `msg` so they still read as the README shows them, and readable lines with LOG_FORMAT=pretty.
 */
import { describe, expect, it } from "vitest";
import { bundledServer } from "../test/bundled-server.ts";

const server = bundledServer("observe-test");

/** Starts the server and resolves once it printed its address, with everything it printed so far. */
async function start(env: Record<string, string>): Promise<{ url: string; output: () => string }> {
  const { child, url, output } = await server.start({ OWNER_EMAIL: "owner@example.com", ...env });
  await new Promise<void>((ready, fail) => {
    const check = () => {
      if (output().includes(`Listening on ${url}`)) ready();
    };
    child.stdout?.on("data", check);
    child.stderr?.on("data", check);
    child.once("exit", (code) => fail(new Error(`The server exited (${code}) before listening:\n${output()}`)));
  });
  return { url, output };
}

/** Waits until the output holds `text` (the request line is written when the answer ends). */
async function printed(output: () => string, text: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`"${text}" was never printed:\n${output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("portfolio-server's output", () => {
  it("is one JSON line per entry when not on a terminal, startup messages and requests alike", async () => {
    const { url, output } = await start({});
    const res = await fetch(`${url}/api/live`);
    const id = res.headers.get("x-request-id") as string;
    await printed(output, id);
    const entries = output()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const messages = entries.map((entry) => entry.msg);
    expect(messages).toContain('Created the owner account "owner" (owner@example.com).');
    expect(messages.some((msg) => String(msg).startsWith("Generated owner password (shown only once"))).toBe(true);
    expect(messages).toContain(`Listening on ${url}`);
    expect(entries.find((entry) => entry.reqId === id)).toMatchObject({
      level: "info",
      msg: "request",
      method: "GET",
      path: "/api/live",
      operation: "meta.live",
      status: 200,
    });
  });

  it("is readable lines with LOG_FORMAT=pretty", async () => {
    const { url, output } = await start({ LOG_FORMAT: "pretty", OWNER_PASSWORD: "owner-password-1" });
    const id = (await fetch(`${url}/api/live`)).headers.get("x-request-id") as string;
    await printed(output, id);
    const lines = output().trim().split("\n");
    expect(lines).toContainEqual(
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: Created the owner account "owner" \(owner@example\.com\)\.$/),
    );
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^\\[[\\d:]+\\] INFO: Listening on ${url}$`)));
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`INFO: GET /api/live 200 [\\d.]+ ms \\(meta\\.live\\) \\[${id}\\]$`)),
    );
    expect(output()).not.toContain('"msg"');
  });
});
