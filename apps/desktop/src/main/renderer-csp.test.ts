import { describe, expect, it } from "vitest";
import { cspMetaTag, rendererCsp, withCspHeader } from "./renderer-csp.ts";

const production = rendererCsp({ kind: "production" }, "header");
const directive = (csp: string, name: string) =>
  csp
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1);

describe("the renderer's CSP (docs/security.md, promise 18)", () => {
  it("denies everything not named", () => {
    expect(directive(production, "default-src")).toBe("'none'");
  });

  it("runs only the app's own scripts in production: no inline code, no eval, no remote hosts", () => {
    expect(directive(production, "script-src")).toBe("'self'");
  });

  it("loads only the app's own styles in production", () => {
    expect(directive(production, "style-src")).toBe("'self'");
  });

  it("allows no plugins, frames, base-URL change or form posts", () => {
    expect(directive(production, "object-src")).toBe("'none'");
    expect(directive(production, "frame-src")).toBe("'none'");
    expect(directive(production, "base-uri")).toBe("'none'");
    expect(directive(production, "form-action")).toBe("'none'");
  });

  it("allows no whole scheme in production, so only the renderer's own origin ('self') serves code", () => {
    for (const scheme of ["file:", "app:", "http:", "https:", "ws:", "*"]) {
      expect(production.split(/[ ;]+/), scheme).not.toContain(scheme);
    }
  });

  it("forbids framing the renderer, in the header", () => {
    expect(directive(production, "frame-ancestors")).toBe("'none'");
  });

  it("leaves frame-ancestors out of the meta tag, where browsers ignore it", () => {
    expect(directive(rendererCsp({ kind: "production" }, "meta"), "frame-ancestors")).toBeUndefined();
  });

  it("never allows unsafe-eval, in any mode", () => {
    const dev = rendererCsp({ kind: "development", devServerUrl: "http://localhost:5173/" }, "header");
    expect(production).not.toContain("unsafe-eval");
    expect(dev).not.toContain("unsafe-eval");
  });

  it("lets the dev server's hot reload connect back over a WebSocket, in development only", () => {
    const dev = rendererCsp({ kind: "development", devServerUrl: "http://localhost:5173/" }, "header");
    expect(directive(dev, "connect-src")).toBe("'self' ws://localhost:5173");
    expect(directive(production, "connect-src")).toBe("'self'");
  });
});

describe("the CSP response header", () => {
  it("replaces a CSP the response already carried, whatever its case", () => {
    const headers = withCspHeader({ "content-security-policy": ["default-src *"], "Content-Type": ["text/html"] }, "x");
    expect(headers).toEqual({ "Content-Type": ["text/html"], "Content-Security-Policy": ["x"] });
  });

  it("is added when the response had no headers", () => {
    expect(withCspHeader(undefined, "x")).toEqual({ "Content-Security-Policy": ["x"] });
  });
});

describe("the CSP meta tag", () => {
  it("is an http-equiv meta tag holding the policy", () => {
    expect(cspMetaTag("default-src 'none'")).toBe(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'" />`,
    );
  });
});
