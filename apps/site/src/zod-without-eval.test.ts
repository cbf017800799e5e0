import { afterEach, describe, expect, it, vi } from "vitest";

describe("the site's zod settings", () => {
  const RealFunction = globalThis.Function;
  afterEach(() => {
    globalThis.Function = RealFunction;
  });

  it("build and run the form schemas without compiling code (the CSP forbids eval)", async () => {
    const compiled = vi.fn();
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args) {
        compiled(...args);
        return Reflect.construct(target, args);
      },
    });
    await import("./zod-without-eval.ts");
    const { firstError, loginFormSchema } = await import("@portfolio/core/domain");
    expect(firstError(loginFormSchema, { username: "alice", password: "secret" })).toBeNull();
    expect(compiled).not.toHaveBeenCalled();
  });
});
