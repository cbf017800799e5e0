/**
 * The admin panel, the dashboard and sync stay fast at 100,000 users.
 *
 * - `users.rank`: the rank the Users tab sorts by (0 owner, 1 admin, 2 moderator, 3 user, as derived from the
 *   permissions and the stored role sets), kept on every write that changes it, so the database answers
 *   "rank, then username" through an index. Backfilled here.
 * - `user_counts` (rank, state, count): the dashboard's user counts, kept in the transaction of each change.
 * - `daily_counts` (day, metric, count): sign-ups, activations, logins and content edits per UTC day.
 *   Backfilled from what the database still knows (users' dates, the audit log's logins, the change log).
 * - `job_leases`: which instance runs a scheduled job (housekeeping) until when.
 * - `audit_purge`: the audit log stays append-only, except for rows older than a retention cutoff the
 *   housekeeping writes here inside its own transaction (AUDIT_RETENTION_DAYS).
 * - `audit_log.kind`: the action's kind ("user" of "user.edit"), so the panel's kind filter reads newest
 *   first through an index. Backfilled once with the update guard lifted inside this migration.
 * - Indexes for the Users tab's search and filters, the audit log's filters, the dashboard's project
 *   counts, and housekeeping's deletes.
 *
 * Frozen in time: never import application code here (the rank rule and default sets are copied on purpose),
 * never edit it once shipped. Portable: text and integer columns, Kysely DDL and backfills; raw SQL only for
 * the audit log's delete trigger, which differs by dialect.
 */
import { type Kysely, sql } from "kysely";
import { dialectOf } from "../dialect.ts";

const OWNER_OVERRIDE = "override:owner";
const DEFAULT_SETS: Record<string, string[]> = {
  admin: [
    "website:view",
    "website:admin:view",
    "website:projects:edit",
    "projects:view",
    "projects:create",
    "projects:edit",
    "projects:delete",
    "users:view",
    "users:edit",
    "users:delete",
    "users:permissions",
  ],
  moderator: ["website:view", "website:admin:view", "projects:view", "users:view"],
  user: ["website:view"],
};
const DERIVABLE = ["admin", "moderator", "user"] as const;
const RANK: Record<string, number> = { owner: 0, admin: 1, moderator: 2, user: 3 };

function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((p): p is string => typeof p === "string") : [];
  } catch {
    return [];
  }
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((p) => right.has(p));
}

/** The role rule of 2026-11-26: override, else an exact set, else the first set wholly held, else user. */
function rankOf(held: string[], sets: Record<string, string[]>): number {
  if (held.includes(OWNER_OVERRIDE)) return 0;
  const exact = DERIVABLE.find((k) => sameSet(sets[k] ?? [], held));
  const covered = exact ?? DERIVABLE.find((k) => (sets[k] ?? []).every((p) => held.includes(p)));
  return RANK[covered ?? "user"] ?? 3;
}

function stateOf(u: { is_active: number; activated_at: string | null; deactivated_at: string | null }): string {
  if (Number(u.is_active) === 1) return "active";
  if (u.deactivated_at !== null) return "deactivated";
  return u.activated_at === null ? "pending" : "inactive";
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database on purpose.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("users").addColumn("rank", "integer", (c) => c.notNull().defaultTo(3)).execute();
  await db.schema.createTable("user_counts")
    .addColumn("rank", "integer", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("user_counts_pk", ["rank", "state"])
    .execute();
  await backfillRanksAndCounts(db);

  await db.schema.createTable("daily_counts")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("metric", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("daily_counts_pk", ["day", "metric"])
    .execute();
  await backfillDailyCounts(db);

  await db.schema.createTable("job_leases")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("last_run_at", "text")
    .execute();

  await db.schema.createTable("audit_purge").addColumn("before", "text", (c) => c.notNull()).execute();
  await replaceAuditDeleteTrigger(db);
  await addAuditKind(db);

  const indexes: Array<[string, string, string[]]> = [
    ["users_rank_username", "users", ["rank", "username_key"]],
    ["users_active_rank_username", "users", ["is_active", "rank", "username_key"]],
    ["users_role_key_username", "users", ["role_key", "username_key"]],
    ["users_deactivated_at", "users", ["deactivated_at"]],
    ["users_active_created_at", "users", ["is_active", "created_at"]],
    ["audit_log_actor_seq", "audit_log", ["actor_name", "seq"]],
    ["audit_log_action_seq", "audit_log", ["action", "seq"]],
    ["audit_log_kind_seq", "audit_log", ["kind", "seq"]],
    ["projects_is_archived", "projects", ["is_archived"]],
    ["projects_is_latest", "projects", ["is_latest"]],
    ["sessions_expires_at", "sessions", ["expires_at"]],
    ["tokens_expires_at", "tokens", ["expires_at"]],
    ["tokens_used_at", "tokens", ["used_at"]],
  ];
  for (const [name, table, columns] of indexes) await db.schema.createIndex(name).on(table).columns(columns).execute();
}

async function backfillRanksAndCounts(db: AnyDb): Promise<void> {
  const sets = { ...DEFAULT_SETS };
  for (const role of (await db.selectFrom("roles").select(["key", "permissions"]).execute()) as {
    key: string;
    permissions: string;
  }[]) {
    if (role.key in sets) sets[role.key] = parseList(role.permissions);
  }
  const users = (await db
    .selectFrom("users")
    .select(["id", "permissions", "is_active", "activated_at", "deactivated_at"])
    .execute()) as { id: string; permissions: string; is_active: number; activated_at: string | null; deactivated_at: string | null }[];
  const idsByRank = new Map<number, string[]>();
  const counts = new Map<string, { rank: number; state: string; count: number }>();
  for (const user of users) {
    const rank = rankOf(parseList(user.permissions), sets);
    if (rank !== 3) idsByRank.set(rank, [...(idsByRank.get(rank) ?? []), user.id]);
    const state = stateOf(user);
    const entry = counts.get(`${rank}:${state}`) ?? { rank, state, count: 0 };
    entry.count++;
    counts.set(`${rank}:${state}`, entry);
  }
  for (const [rank, ids] of idsByRank) {
    for (let i = 0; i < ids.length; i += 500) {
      await db.updateTable("users").set({ rank }).where("id", "in", ids.slice(i, i + 500)).execute();
    }
  }
  if (counts.size > 0) await db.insertInto("user_counts").values([...counts.values()]).execute();
}

/** Per-day totals from what is still stored: users' dates, the audit log's logins, the change log. */
async function backfillDailyCounts(db: AnyDb): Promise<void> {
  const perDay = async (table: string, column: string, where?: [string, string]) => {
    let query = db
      .selectFrom(table)
      .select((eb) => [eb.fn("substr", [eb.ref(column), sql.lit(1), sql.lit(10)]).as("day"), eb.fn.countAll().as("n")])
      .where(column, "is not", null);
    if (where) query = query.where(where[0], "=", where[1]);
    return (await query.groupBy("day").execute()) as { day: string; n: string | number }[];
  };
  const sources: Array<[string, Promise<{ day: string; n: string | number }[]>]> = [
    ["signups", perDay("users", "created_at")],
    ["activations", perDay("users", "activated_at")],
    ["logins", perDay("audit_log", "at", ["action", "auth.login"])],
    ["edits", perDay("sync_changes", "at")],
  ];
  for (const [metric, rowsPromise] of sources) {
    const rows = await rowsPromise;
    for (let i = 0; i < rows.length; i += 500) {
      const values = rows.slice(i, i + 500).map((r) => ({ day: r.day, metric, count: Number(r.n) }));
      if (values.length > 0) await db.insertInto("daily_counts").values(values).execute();
    }
  }
}

/** The kind column, filled for existing rows with the update guard lifted for the backfill only. */
async function addAuditKind(db: AnyDb): Promise<void> {
  await db.schema.alterTable("audit_log").addColumn("kind", "text").execute();
  const postgres = dialectOf(db) === "postgres";
  await sql.raw(postgres ? "DROP TRIGGER audit_log_no_update ON audit_log" : "DROP TRIGGER audit_log_no_update").execute(db);
  const actions = (await db.selectFrom("audit_log").select("action").distinct().execute()) as { action: string }[];
  for (const { action } of actions) {
    await db
      .updateTable("audit_log")
      .set({ kind: action.split(".")[0] })
      .where("action", "=", action)
      .execute();
  }
  await sql
    .raw(
      postgres
        ? "CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()"
        : "CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END",
    )
    .execute(db);
}

/** Deleting from the audit log stays refused, except rows older than a cutoff written in audit_purge. */
async function replaceAuditDeleteTrigger(db: AnyDb): Promise<void> {
  const message = "audit_log is append-only";
  if (dialectOf(db) === "postgres") {
    await sql.raw("DROP TRIGGER audit_log_no_delete ON audit_log").execute(db);
    await sql
      .raw(
        `CREATE FUNCTION audit_log_delete_guard() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NOT EXISTS (SELECT 1 FROM audit_purge WHERE OLD.at < audit_purge.before) THEN RAISE EXCEPTION '${message}'; END IF; RETURN OLD; END $$`,
      )
      .execute(db);
    await sql
      .raw("CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_delete_guard()")
      .execute(db);
    return;
  }
  await sql.raw("DROP TRIGGER audit_log_no_delete").execute(db);
  await sql
    .raw(
      `CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log WHEN NOT EXISTS (SELECT 1 FROM audit_purge WHERE OLD.at < audit_purge.before) BEGIN SELECT RAISE(ABORT, '${message}'); END`,
    )
    .execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ["audit_purge", "job_leases", "daily_counts", "user_counts"]) await db.schema.dropTable(table).execute();
  await db.schema.alterTable("users").dropColumn("rank").execute();
}
