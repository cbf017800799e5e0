import { describe, expect, it } from "vitest";
import { toDomId } from "./use-dom-id.ts";

// html-validate's valid-id rule: a letter first, then letters, digits, hyphens and underscores.
const VALID_HTML_ID = /^[A-Za-z][\w-]*$/;

describe("toDomId", () => {
  it("turns React's ids into ids that begin with a letter", () => {
    for (const reactId of ["_R_br_", "_R_1jfb_", "_r_0_", "_R_5H1_"]) expect(toDomId(reactId)).toMatch(VALID_HTML_ID);
    expect(toDomId("_R_br_")).toBe("id-R-br-");
  });

  it("keeps distinct React ids distinct", () => {
    const ids = ["_R_br_", "_R_rr_", "_r_br_", "_R_brH1_", "_R_b_"];
    expect(new Set(ids.map((id) => toDomId(id))).size).toBe(ids.length);
  });
});
