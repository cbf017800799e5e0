import { describe, expect, it } from "vitest";
import {
  COUNTDOWN_DEFAULTS,
  countdownIsConfigured,
  countdownOptionsToParams,
  DEMO_COUNTDOWN_MS,
  readCountdownOptions,
  resolveEnd,
} from "./countdown-options.ts";

const read = (search: string) => readCountdownOptions(new URLSearchParams(search));

describe("countdown settings", () => {
  it("needs an end time, a duration or demo mode", () => {
    expect(read("")).toEqual(COUNTDOWN_DEFAULTS);
    expect(countdownIsConfigured(read(""))).toBe(false);
    expect(countdownIsConfigured(read("to=2030-01-01T00:00:00Z"))).toBe(true);
    expect(countdownIsConfigured(read("duration=10m"))).toBe(true);
    expect(countdownIsConfigured(read("demo=1"))).toBe(true);
    expect(countdownIsConfigured(read("to=soon"))).toBe(false);
  });

  it("counts to the fixed end when there is one, else from when the page opened", () => {
    const end = Date.UTC(2030, 0, 1);
    expect(resolveEnd(read("to=2030-01-01T00:00:00Z&duration=5m"), 123)).toBe(end);
    expect(resolveEnd(read("duration=5m"), 1000)).toBe(301_000);
    expect(resolveEnd(read("demo=1"), 1000)).toBe(1000 + DEMO_COUNTDOWN_MS);
  });

  it("reads texts and size, and writes a URL that reads back the same", () => {
    const options = read("to=2030-01-01T20:00:00Z&title=Back%20soon&end=We%27re%20live!&size=300");
    expect(options).toMatchObject({ title: "Back soon", endText: "We're live!", size: 240 });
    const params = countdownOptionsToParams(options);
    expect(params.get("to")).toBe("2030-01-01T20:00:00Z");
    expect(readCountdownOptions(params)).toEqual(options);
    expect(countdownOptionsToParams({ ...COUNTDOWN_DEFAULTS, durationMs: 600_000 }).toString()).toBe("duration=600s");
  });
});
