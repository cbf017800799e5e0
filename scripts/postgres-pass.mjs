// What the PostgreSQL pass of `npm test` runs: the tests of what differs between the dialects, not every route a
// second time. SQL lives in packages/core (the data layer, migrations, services and sync), so all of core runs
// on both dialects; of the server's tests, those where the database itself decides the outcome. A server test
// that belongs here names why below.
export const POSTGRES_PASS = [
  // Data layer, migrations, services and sync: every statement the product sends is written here.
  "packages/core/src",
  // Several instances on one database behind nginx and Caddy (PostgreSQL only; must run).
  "apps/server/src/scale",
  // Statements per operation differ per dialect (PostgreSQL takes an advisory lock per change).
  "apps/server/src/budgets",
  // Every id, integer and text to what each database can hold, and the registry fuzz on each (docs/security.md, 28).
  "apps/server/src/api/fuzz.test.ts",
  "apps/server/src/api/fuzz-second-half.test.ts",
  "apps/server/src/api/database-limits.test.ts",
  // Backup and restore across dialects, and the audit verification's own reads.
  "apps/server/src/cli",
  // Push and pull: a serializable transaction on PostgreSQL, the only writer on SQLite.
  "apps/server/src/sync",
  // Counters, claims and races decided by one atomic statement, and the audit chain's lock and trigger.
  "apps/server/src/http/rate-limit-store.test.ts",
  "apps/server/src/routes/idempotency-key.test.ts",
  "apps/server/src/routes/projects-version.test.ts",
  "apps/server/src/routes/audit-chain.routes.test.ts",
  "apps/server/src/routes/second-factor-guessing.routes.test.ts",
  "apps/server/src/routes/second-factor-steps.routes.test.ts",
  // Sealing secrets at start, which instances starting together must not do twice.
  "apps/server/src/routes/second-factor-at-rest.routes.test.ts",
  // The pool's use in the metrics.
  "apps/server/src/observe/metrics.test.ts",
];

// Test files that open both dialects themselves whatever TEST_DATABASE says (each starts a cluster of its own
// when the run has none): the first pass already runs all of them on both, so the PostgreSQL pass leaves them out
// instead of running the same tests a second time (the backup round trips alone are about 40 s).
export const BOTH_DIALECTS_ALWAYS = [
  "packages/core/src/data/backup.test.ts",
  "packages/core/src/test/postgres-cluster.test.ts",
  "apps/server/src/cli/backup-pictures.test.ts",
];

// Test files under the paths above that open no database at all (domain rules, pages, mail text, picture
// processing, parsers): they run the same whatever TEST_DATABASE says, so the first pass runs them once and
// the PostgreSQL pass leaves them out. A folder stands for every test file below it. postgres-pass.test.ts
// checks that none of them opens a database.
export const NO_DATABASE = [
  "packages/core/src/domain",
  "packages/core/src/pages",
  "packages/core/src/data/backup-lines.test.ts",
  "packages/core/src/services/cat-of-the-day.service.test.ts",
  "packages/core/src/services/mail",
  "packages/core/src/services/picture-process.test.ts",
  "packages/core/src/services/second-factor/recovery-codes.test.ts",
  "packages/core/src/services/second-factor/totp.test.ts",
  "packages/core/src/services/youtube/playlist.service.test.ts",
];

/** What the PostgreSQL pass leaves out of POSTGRES_PASS, as vitest --exclude globs. */
export const POSTGRES_PASS_EXCLUDES = [
  ...BOTH_DIALECTS_ALWAYS,
  ...NO_DATABASE.map((path) => (path.endsWith(".ts") ? path : `${path}/**`)),
];
