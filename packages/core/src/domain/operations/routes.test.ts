/**
 * The browser's route table is derived from the registry, never written by hand: this test fails when they
 * differ, and `pnpm api:routes` (UPDATE_ROUTES=1) writes it anew.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { routeOf } from "./define.ts";
import { OPERATION_NAMES, operations } from "./registry.ts";

const FILE = fileURLToPath(new URL("./routes.generated.ts", import.meta.url));

function render(): string {
  const entries = OPERATION_NAMES.map(
    (name) => `  ${JSON.stringify(name)}: ${JSON.stringify(routeOf(operations[name]))},`,
  );
  return [
    "// Generated from registry.ts by `pnpm api:routes`; routes.test.ts fails when it is stale. Do not edit.",
    'import type { Route } from "./define.ts";',
    'import type { OperationName } from "./registry.ts";',
    "",
    "export const ROUTES: Record<OperationName, Route> = {",
    ...entries,
    "};",
    "",
  ].join("\n");
}

it("the browser's route table matches the registry", () => {
  const expected = render();
  if (process.env.UPDATE_ROUTES === "1") writeFileSync(FILE, expected);
  expect(readFileSync(FILE, "utf8"), "routes.generated.ts is stale: run `pnpm api:routes`").toBe(expected);
});
