/** docs/security.md, promise 27: the byte scan that measures a body's nesting and op count before JSON.parse. */
import { describe, expect, it } from "vitest";
import { checkJsonShape } from "./json-shape.ts";

const LIMITS = { maxDepth: 4, countedKey: "ops", maxItems: 3 };
const shape = (text: string) => checkJsonShape(Buffer.from(text, "utf8"), LIMITS);

describe("checkJsonShape", () => {
  it("passes a body within both limits", () => {
    expect(shape('{"clientId":"a","ops":[{"fields":{"tags":"x"}},{},{}]}')).toBe("ok");
  });

  it("finds nesting one level past the limit", () => {
    expect(shape('{"ops":[{"fields":{"tags":[]}}]}')).toBe("too_deep");
  });

  it("stops at the limit without reading the rest (the rest need not even be JSON)", () => {
    expect(shape(`[[[[[${"garbage".repeat(1000)}`)).toBe("too_deep");
  });

  it("reads brackets inside strings, escaped quotes included, as text", () => {
    expect(shape(`{"ops":[],"note":"[[[[[{{{{ \\" [[[[["}`)).toBe("ok");
  });

  it("counts the items of the ops list, whatever they are", () => {
    expect(shape('{"ops":[1,"two",{"a":[1,2,3,4]}]}')).toBe("ok");
    expect(shape('{"ops":[1, "two" ,{"a":[1,2,3,4]} , null]}')).toBe("too_many_items");
  });

  it("counts an ops key spelled with escapes, as JSON.parse reads it", () => {
    expect(shape('{"o\\u0070s":[1,2,3,4]}')).toBe("too_many_items");
  });

  it("leaves other keys' lists and an ops value that is not a key alone", () => {
    expect(shape('{"other":[1,2,3,4],"clientId":"ops","x":[1,2,3,4]}')).toBe("ok");
  });

  it("counts an empty ops list as no items", () => {
    expect(shape('{"ops":[ ]}')).toBe("ok");
  });
});
