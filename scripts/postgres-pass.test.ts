import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { POSTGRES_PASS } from "./postgres-pass.mjs";

const root = join(import.meta.dirname, "..");

describe("the PostgreSQL pass", () => {
  it("names only paths that exist, so a moved test file is never silently left out", () => {
    expect(POSTGRES_PASS.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it("runs all of core and the scale tests", () => {
    expect(POSTGRES_PASS).toContain("packages/core/src");
    expect(POSTGRES_PASS).toContain("apps/server/src/scale");
  });
});
