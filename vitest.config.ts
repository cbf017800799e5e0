import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/**/src/**/*.test.ts", "apps/**/src/**/*.test.ts", "apps/**/scripts/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**", "**/e2e/**"],
    environment: "node",
    // With TEST_DATABASE=postgres: one throwaway PostgreSQL cluster for the run (a no-op otherwise).
    globalSetup: ["packages/core/src/test/postgres-global-setup.ts"],
    // API tests start real servers on loopback; two cores, so keep the pool small.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
