import { defineConfig } from "vitest/config";

/**
 * `*.quiet.test.ts` files measure time, so they need a machine doing nothing else: the parallel run leaves
 * them out, and `QUIET_TESTS=1` runs only them (scripts/test.mjs does, one file at a time, afterwards).
 */
const QUIET = "**/*.quiet.test.ts";
const quietOnly = process.env.QUIET_TESTS === "1";

export default defineConfig({
  test: {
    include: quietOnly
      ? [`packages/${QUIET}`, `apps/${QUIET}`]
      : [
          "packages/**/src/**/*.test.ts",
          "apps/**/src/**/*.test.ts",
          "apps/**/scripts/**/*.test.ts",
          "scripts/**/*.test.ts",
        ],
    exclude: ["**/node_modules/**", "**/dist/**", "**/e2e/**", ...(quietOnly ? [] : [QUIET])],
    environment: "node",
    // The run's temporary files on a memory file system (first: the cluster's data folder goes there too),
    // then, with TEST_DATABASE=postgres, one throwaway PostgreSQL cluster for the run (a no-op otherwise).
    // Vitest tears them down in the reverse order: the cluster stops before its folder goes.
    globalSetup: [
      "packages/testing/src/run/memory-tmpdir-global-setup.ts",
      "packages/core/src/test/postgres-global-setup.ts",
    ],
    // API tests start real servers on loopback; two cores, so keep the pool small.
    maxWorkers: quietOnly ? 1 : 2,
    // Each worker imports the code once for all its files instead of once per file: the run takes half
    // the time. The price is that a test file must leave globals as it found them (each restores what it
    // changes in an afterEach) and must not count on a module being evaluated fresh (vi.resetModules does
    // that where a test needs it).
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
