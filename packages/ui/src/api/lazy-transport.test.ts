import { ApiNetworkError, type Transport } from "@portfolio/core/operations/client";
import { describe, expect, it } from "vitest";
import { lazyTransport } from "./lazy-transport.ts";

const echo: Transport = {
  // biome-ignore lint/suspicious/noExplicitAny: the test transport answers every operation with its own name.
  call: async (name) => name as any,
};

describe("lazyTransport", () => {
  it("loads nothing until the first call", () => {
    let loads = 0;
    lazyTransport(async () => {
      loads += 1;
      return echo;
    });
    expect(loads).toBe(0);
  });

  it("loads once and passes every call through", async () => {
    let loads = 0;
    const transport = lazyTransport(async () => {
      loads += 1;
      return echo;
    });
    const answers = await Promise.all([transport.call("hello", {}), transport.call("projects.list", {})]);
    expect(answers).toEqual(["hello", "projects.list"]);
    expect(loads).toBe(1);
  });

  it("reports a failed load as an unreachable server and tries again on the next call", async () => {
    let loads = 0;
    const transport = lazyTransport(async () => {
      loads += 1;
      if (loads === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return echo;
    });
    await expect(transport.call("hello", {})).rejects.toBeInstanceOf(ApiNetworkError);
    await expect(transport.call("hello", {})).resolves.toBe("hello");
    expect(loads).toBe(2);
  });
});
