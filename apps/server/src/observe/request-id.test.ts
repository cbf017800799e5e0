/** Request ids: a trusted proxy's safe id is kept; our own are UUID-shaped and cost a counter step. */
import { describe, expect, it } from "vitest";
import { chooseRequestId, newRequestId } from "./request-id.ts";

describe("request ids", () => {
  it("makes ids of one random UUID-shaped prefix and a counter in the last twelve digits", () => {
    const first = newRequestId();
    const second = newRequestId();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second.slice(0, 24)).toBe(first.slice(0, 24));
    expect(Number.parseInt(second.slice(24), 16)).toBe(Number.parseInt(first.slice(24), 16) + 1);
  });

  it("gives an untrusted caller's X-Request-Id no say", () => {
    expect(chooseRequestId("chosen-by-the-caller", false)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
