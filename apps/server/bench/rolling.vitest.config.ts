// The vitest run behind `pnpm bench:rolling` (rolling-bench.mjs): only the scenario runner, on the
// tests' throwaway PostgreSQL cluster (the same global setup), without the suite's time limits.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL("../../..", import.meta.url)),
  test: {
    include: ["apps/server/bench/rolling-run.ts"],
    environment: "node",
    globalSetup: ["packages/core/src/test/postgres-global-setup.ts"],
    maxWorkers: 1,
    testTimeout: 3_600_000,
    hookTimeout: 120_000,
  },
});
