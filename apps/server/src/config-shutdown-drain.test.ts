/** SHUTDOWN_DRAIN_MS: how long a stopping instance drains; read beside config.test.ts's others. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readConfig } from "./config.ts";

describe("readConfig: SHUTDOWN_DRAIN_MS", () => {
  it("defaults to 3 s, longer than the shipped Caddyfile's health-check interval plus timeout", () => {
    expect(readConfig({}).shutdownDrainMs).toBe(3000);
    const caddyfile = readFileSync(new URL("../../../deploy/Caddyfile", import.meta.url), "utf8");
    const seconds = (name: string) => Number(new RegExp(`${name} (\\d+)s`).exec(caddyfile)?.[1]);
    // A check just before SIGTERM, the next one an interval later, answered (503) within the timeout.
    expect(seconds("health_interval") + seconds("health_timeout")).toBeLessThan(readConfig({}).shutdownDrainMs / 1000);
  });

  it("reads a value from 0 (no drain) to 60000", () => {
    expect(readConfig({ SHUTDOWN_DRAIN_MS: "0" }).shutdownDrainMs).toBe(0);
    expect(readConfig({ SHUTDOWN_DRAIN_MS: "15000" }).shutdownDrainMs).toBe(15000);
  });

  it("refuses a value out of range or not a whole number, naming the variable and the range", () => {
    for (const value of ["-1", "60001", "2.5", "soon"]) {
      expect(() => readConfig({ SHUTDOWN_DRAIN_MS: value })).toThrow(
        `SHUTDOWN_DRAIN_MS must be a whole number from 0 to 60000; got "${value}".`,
      );
    }
  });
});
