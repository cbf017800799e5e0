import { describe, expect, it } from "vitest";
import { treeShakableReactRouter } from "./react-router-production.ts";

describe("treeShakableReactRouter", () => {
  it("marks each forwardRef component factory pure", () => {
    const code = "var Link = React10.forwardRef(\n  function LinkWithRef() {}\n);";
    expect(treeShakableReactRouter(code)).toBe(
      "var Link = /* @__PURE__ */ React10.forwardRef(\n  function LinkWithRef() {}\n);",
    );
  });

  it("drops the display names written after the components, keeping the line count", () => {
    const code = 'var Form = f();\nForm.displayName = "Form";\nexport { Form };';
    expect(treeShakableReactRouter(code)).toBe("var Form = f();\n\nexport { Form };");
  });

  it("leaves other property writes alone", () => {
    const code = 'window.__reactRouterVersion = "7";\nrouter.state = next;';
    expect(treeShakableReactRouter(code)).toBe(code);
  });
});
