/** LOG_FORMAT and METRICS_TOKEN, read and checked once with the rest of the environment. */
import { describe, expect, it } from "vitest";
import { readConfig } from "../config.ts";

describe("readConfig: logs and metrics", () => {
  it("writes readable lines on a terminal outside production, JSON otherwise", () => {
    expect(readConfig({}, true).observe.logFormat).toBe("pretty");
    expect(readConfig({}, false).observe.logFormat).toBe("json");
    expect(readConfig({ NODE_ENV: "production" }, true).observe.logFormat).toBe("json");
  });

  it("follows LOG_FORMAT when it is set, and refuses anything but json or pretty", () => {
    expect(readConfig({ LOG_FORMAT: "json" }, true).observe.logFormat).toBe("json");
    expect(readConfig({ LOG_FORMAT: "pretty", NODE_ENV: "production" }, false).observe.logFormat).toBe("pretty");
    expect(() => readConfig({ LOG_FORMAT: "xml" })).toThrow('LOG_FORMAT must be json or pretty; got "xml".');
  });

  it("has no metrics without METRICS_TOKEN, and refuses a short or spaced token", () => {
    expect(readConfig({}).observe.metricsToken).toBeUndefined();
    expect(readConfig({ METRICS_TOKEN: "0123456789abcdef" }).observe.metricsToken).toBe("0123456789abcdef");
    const message = "METRICS_TOKEN must be 16 to 256 printable characters without spaces (e.g. openssl rand -hex 32).";
    expect(() => readConfig({ METRICS_TOKEN: "short" })).toThrow(message);
    expect(() => readConfig({ METRICS_TOKEN: "has a space in the middle" })).toThrow(message);
  });
});
