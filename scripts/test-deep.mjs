// `pnpm test:deep`: the long rounds that `npm test` bounds, on SQLite and on PostgreSQL. Today that is the
// registry fuzz test's rounds (FUZZ_DEEP=1: every bad value in every field and fifteen times as many random
// requests per operation, a new seed each run, printed). CI runs it after `npm test`.
import { ensureInstalled, pnpm, run } from "./workspace.mjs";

ensureInstalled();
const [pnpmCommand, pnpmPrefix] = pnpm();
const DEEP_TESTS = ["apps/server/src/api/fuzz.test.ts", "apps/server/src/api/fuzz-second-half.test.ts"];
let failed = 0;
for (const dialect of ["sqlite", "postgres"]) {
  console.log(`\nLong rounds on ${dialect}:`);
  const status = run(pnpmCommand, [...pnpmPrefix, "exec", "vitest", "run", ...DEEP_TESTS], {
    env: { ...process.env, FUZZ_DEEP: "1", ...(dialect === "postgres" ? { TEST_DATABASE: "postgres" } : {}) },
  });
  if (status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
