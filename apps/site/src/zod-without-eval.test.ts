import { afterEach, describe, expect, it, vi } from "vitest";

describe("the site's zod settings", () => {
  const RealFunction = globalThis.Function;
  const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  const realJitless = scope.__zod_globalConfig?.jitless;
  afterEach(() => {
    globalThis.Function = RealFunction;
    if (scope.__zod_globalConfig) scope.__zod_globalConfig.jitless = realJitless;
  });

  it("build and run the form schemas without compiling code (the CSP forbids eval)", async () => {
    // zod already loaded, as when another test file of this worker (or an earlier chunk) imported it: it
    // keeps the settings object it found, so the setting must change that object, not replace it.
    await import("@portfolio/core/domain");
    const compiled = vi.fn();
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args) {
        compiled(...args);
        return Reflect.construct(target, args);
      },
    });
    // Fresh schemas, built after the setting as on the page.
    vi.resetModules();
    await import("./zod-without-eval.ts");
    const { firstError, loginFormSchema } = await import("@portfolio/core/domain");
    expect(firstError(loginFormSchema, { username: "alice", password: "secret" })).toBeNull();
    expect(compiled).not.toHaveBeenCalled();
  });
});
