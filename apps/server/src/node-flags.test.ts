import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../node-flags.mjs";

it("launches the portfolio-server bin with the same Node flags as pnpm start and the benchmarks", () => {
  const shebang = readFileSync(new URL("./launch/launcher.ts", import.meta.url), "utf8").split("\n")[0];
  expect(shebang).toBe(`#!/usr/bin/env -S node ${SERVER_NODE_FLAGS.join(" ")}`);
});

it("starts V8's young generation at its full 2 MB, which a start fills with objects it keeps", () => {
  expect(SERVER_NODE_FLAGS).toEqual(["--max-semi-space-size=2", "--min-semi-space-size=2"]);
});
