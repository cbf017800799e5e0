/** The desktop's device transport keeps the HTTP transport's retry safety beside its token. */
import { describe, expect, it } from "vitest";
import { deviceTransport } from "./server-api.ts";

describe("deviceTransport", () => {
  it("sends a creating write with the token and an Idempotency-Key, and retries a 502 with the same key", async () => {
    const sent: Headers[] = [];
    const fetchImpl: typeof fetch = async (_input, init) => {
      sent.push(new Headers(init?.headers));
      return sent.length === 1
        ? new Response("Bad Gateway", { status: 502 })
        : new Response(JSON.stringify({ _id: "p1" }), { status: 201, headers: { "Content-Type": "application/json" } });
    };
    const transport = deviceTransport("https://portfolio.example/", "device-token", fetchImpl);
    await transport.call("projects.create", {
      title: "New",
      description: "",
      tags: [],
      isArchived: false,
      isLatest: false,
    });
    expect(sent).toHaveLength(2);
    expect(sent.map((h) => h.get("Authorization"))).toEqual(["Bearer device-token", "Bearer device-token"]);
    expect(sent[0]?.get("Idempotency-Key")).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]?.get("Idempotency-Key")).toBe(sent[0]?.get("Idempotency-Key"));
  });

  it("resends a creating write after the Retry-After of a 409 saying its first attempt still runs", async () => {
    const sent: Headers[] = [];
    const fetchImpl: typeof fetch = async (_input, init) => {
      sent.push(new Headers(init?.headers));
      return sent.length === 1
        ? new Response(JSON.stringify({ error: "Still being processed." }), {
            status: 409,
            headers: { "Content-Type": "application/json", "Retry-After": "0" },
          })
        : new Response(JSON.stringify({ _id: "p1" }), { status: 201, headers: { "Content-Type": "application/json" } });
    };
    const transport = deviceTransport("https://portfolio.example/", "device-token", fetchImpl);
    const created = await transport.call("projects.create", {
      title: "New",
      description: "",
      tags: [],
      isArchived: false,
      isLatest: false,
    });
    expect(created).toEqual({ _id: "p1" });
    expect(sent.map((h) => h.get("Authorization"))).toEqual(["Bearer device-token", "Bearer device-token"]);
    expect(sent[1]?.get("Idempotency-Key")).toBe(sent[0]?.get("Idempotency-Key"));
  });
});
