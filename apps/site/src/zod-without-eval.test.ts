import { afterEach, describe, expect, it, vi } from "vitest";

describe("the site's zod settings", () => {
  const RealFunction = globalThis.Function;
  const scope = globalThis as { __zod_globalConfig?: object };
  const realConfig = scope.__zod_globalConfig;
  afterEach(() => {
    globalThis.Function = RealFunction;
    scope.__zod_globalConfig = realConfig;
  });

  it("build and run the form schemas without compiling code (the CSP forbids eval)", async () => {
    const compiled = vi.fn();
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args) {
        compiled(...args);
        return Reflect.construct(target, args);
      },
    });
    // Fresh modules: the schemas must be built after the setting, as on the page, even where another test
    // file of this worker imported them before.
    vi.resetModules();
    await import("./zod-without-eval.ts");
    const { firstError, loginFormSchema } = await import("@portfolio/core/domain");
    expect(firstError(loginFormSchema, { username: "alice", password: "secret" })).toBeNull();
    expect(compiled).not.toHaveBeenCalled();
  });
});
