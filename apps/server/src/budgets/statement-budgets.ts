/**
 * How many SQL statements each pinned operation sends, end to end through HTTP (the session check, rate
 * limits, the write, its version row and chained audit entry, and anything queued after the answer). The
 * test beside this file fails when a count changes: a count that rises is a cost every call pays from then
 * on, so change a number only on purpose, with the reason in the commit. See docs/performance.md.
 *
 * A sync push is pinned at 1 and at 100 ops (new projects): the difference is its cost per op, which must
 * stay a small constant (never a statement per row read back). New projects of a push are written a run at a
 * time, a few hundred rows a statement (sync/push-creates.ts), so 99 more cost about one statement more.
 */
export type Dialect = "sqlite" | "postgres";

export const STATEMENT_BUDGETS = {
  /** POST /api/login with a password, no second factor. */
  login: { sqlite: 15, postgres: 15 },
  /** GET /api/projects, the first call after a change (the answer is then kept until the next change). */
  "public project list": { sqlite: 2, postgres: 2 },
  /** PATCH /api/projects/{id} with its version, by an admin. */
  "project edit": { sqlite: 11, postgres: 12 },
  /** PATCH /api/admin/users/{id}: a new username and permissions, by the owner. */
  "user edit": { sqlite: 13, postgres: 13 },
  /** PATCH /api/admin/roles/moderator: one permission more, by the owner. */
  "role edit": { sqlite: 17, postgres: 17 },
  /** GET /api/admin/dashboard, by the owner. */
  dashboard: { sqlite: 8, postgres: 8 },
  /** POST /api/sync/push with 1 new project, by the owner's device. */
  "sync push, 1 op": { sqlite: 22, postgres: 23 },
  /** POST /api/sync/push with 100 new projects, by the owner's device. */
  "sync push, 100 ops": { sqlite: 23, postgres: 24 },
} satisfies Record<string, Record<Dialect, number>>;

export type BudgetedOperation = keyof typeof STATEMENT_BUDGETS;

/** The most statements one more new project in a push may add (on average). */
export const PUSH_STATEMENTS_PER_OP = 1;
