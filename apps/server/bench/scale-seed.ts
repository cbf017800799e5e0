/**
 * Seeds a database for `pnpm bench:scale` through the project's own data layer: migrations, the role
 * seed, `insertUsers` (multi-row INSERTs that keep the dashboard's counters), and multi-row INSERTs of
 * projects and audit entries, each batch in a transaction. bcrypt runs twice (the owner's and every other
 * user's password), whatever the size. Bundled by scale-bench.mjs (esbuild), run in the bench's process.
 */
import { randomUUID } from "node:crypto";
import { type AuditLogTable, migrateToLatest, openDatabase, type ProjectsTable } from "@portfolio/core/data";
import { DEFAULT_ROLES, userRank } from "@portfolio/core/domain";
import {
  entryHash,
  hashPassword,
  insertUsers,
  sealAuditLogOnce,
  seedRoles,
  shuffleKeyOf,
} from "@portfolio/core/services";
import { type Insertable, sql } from "kysely";

export interface ScaleSize {
  users: number;
  projects: number;
  audit: number;
}

export const OWNER_PASSWORD = "bench-owner-password";
export const USER_PASSWORD = "bench-user-password";
const DAY = 24 * 60 * 60 * 1000;
const BATCH = 5000;

/** A repeatable pseudo-random sequence, so both dialects get the same data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const CUSTOM = [...DEFAULT_ROLES.moderator.permissions, "projects:edit"];

function roleOf(i: number): { permissions: string[]; roleKey: string | null } {
  if (i < 5) return { permissions: DEFAULT_ROLES.admin.permissions, roleKey: "admin" };
  if (i < 25) return { permissions: DEFAULT_ROLES.moderator.permissions, roleKey: "moderator" };
  if (i < 75) return { permissions: CUSTOM, roleKey: null };
  return { permissions: DEFAULT_ROLES.user.permissions, roleKey: "user" };
}

/**
 * With `auditKey`, the audit entries are written chained: each with its hash and the one before,
 * and the chain's head moved onto the last, as the server's own writes leave them (`pnpm bench:history`
 * verifies them). Without it they are left unchained, as an old database's, for the server to seal.
 */
export async function seedScale(
  databaseUrl: string,
  size: ScaleSize,
  log: (line: string) => void,
  options: { auditKey?: string } = {},
): Promise<void> {
  const { db } = openDatabase(databaseUrl, { poolSize: 2 });
  try {
    await migrateToLatest(db);
    const now = Date.now();
    const next = random(size.users);
    await seedRoles(db, new Date(now));
    const [ownerHash, userHash] = await Promise.all([
      hashPassword(OWNER_PASSWORD, 10),
      hashPassword(USER_PASSWORD, 10),
    ]);
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
    const usernames: string[] = [];

    // Users: the owner, then admins, moderators, a few custom, the rest plain users; most active.
    const started = Date.now();
    for (let from = 0; from < size.users; from += BATCH) {
      const rows: Parameters<typeof insertUsers>[1][number][] = [];
      for (let i = from; i < Math.min(size.users, from + BATCH); i++) {
        const owner = i === 0;
        const { permissions, roleKey } = owner ? { permissions: ["override:owner"], roleKey: "owner" } : roleOf(i);
        const username = owner ? "owner" : `user${String(i).padStart(6, "0")}`;
        usernames.push(username);
        const created = at(next() * 365);
        const draw = next();
        // user000100 to user000199 stay active: the bench logs in as them.
        const isActive = owner || i < 200 || draw < 0.8;
        rows.push({
          id: randomUUID(),
          username,
          email: `${username}@example.com`,
          password_hash: owner ? ownerHash : userHash,
          permissions: JSON.stringify(permissions),
          role_key: roleKey,
          rank: userRank(permissions),
          is_active: isActive ? 1 : 0,
          activated_at: isActive || draw > 0.95 ? created : null,
          deactivated_at: !isActive && draw > 0.95 ? created : null,
          created_at: created,
          updated_at: created,
        });
      }
      await db.transaction().execute((trx) => insertUsers(trx, rows));
    }
    log(`${size.users.toLocaleString("en")} users in ${Date.now() - started} ms`);

    // Projects: bulk rows as the projects table holds them (the site sorts them for display).
    for (let from = 0; from < size.projects; from += BATCH) {
      const rows: Insertable<ProjectsTable>[] = [];
      for (let i = from; i < Math.min(size.projects, from + BATCH); i++) {
        const created = at(next() * 365);
        const id = randomUUID();
        rows.push({
          id,
          title: `Project ${i}`,
          description: `A portfolio project number ${i}, with a description of a typical length for a card on the site.`,
          github: `https://github.com/portfolio-owner/project-${i}`,
          external_link: null,
          is_archived: next() < 0.1 ? 1 : 0,
          is_latest: 0,
          tags: JSON.stringify(["bench", `tag${i % 20}`, "typescript"]),
          shuffle_key: shuffleKeyOf(id),
          created_at: created,
          updated_at: created,
        });
      }
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += 500)
          await trx
            .insertInto("projects")
            .values(rows.slice(i, i + 500))
            .execute();
      });
    }

    // Audit entries, oldest first (seq follows time): mostly logins, then sign-ups and staff actions.
    const actions = [
      "auth.login",
      "auth.login",
      "auth.login",
      "auth.signup",
      "token.issued",
      "user.edit",
      "project.edit",
    ];
    const auditStarted = Date.now();
    let prevHash: string | null = null;
    for (let from = 0; from < size.audit; from += BATCH) {
      const rows: Insertable<AuditLogTable>[] = [];
      for (let i = from; i < Math.min(size.audit, from + BATCH); i++) {
        const actor = usernames[Math.floor(next() * usernames.length)] ?? "owner";
        const entry = {
          id: randomUUID(),
          at: new Date(now - 365 * DAY + (i / size.audit) * 364 * DAY).toISOString(),
          actor_id: null,
          actor_name: actor,
          action: actions[i % actions.length] as string,
          target_type: "user",
          target_id: null,
          details: JSON.stringify({ username: actor }),
        };
        const kind = entry.action.split(".")[0] as string;
        if (options.auditKey) {
          const hash = entryHash(options.auditKey, entry, prevHash);
          rows.push({ ...entry, kind, prev_hash: prevHash, hash });
          prevHash = hash;
        } else rows.push({ ...entry, kind });
      }
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += 500)
          await trx
            .insertInto("audit_log")
            .values(rows.slice(i, i + 500))
            .execute();
      });
    }
    const last = options.auditKey
      ? await db
          .selectFrom("audit_log")
          .select(["seq", "id", "hash"])
          .orderBy("seq", "desc")
          .limit(1)
          .executeTakeFirst()
      : undefined;
    if (last?.hash) {
      const head = { name: "head" as const, seq: Number(last.seq), entry_id: last.id, hash: last.hash, mac: null };
      await db
        .insertInto("audit_chain")
        .values(head)
        .onConflict((oc) => oc.column("name").doUpdateSet({ seq: head.seq, entry_id: head.entry_id, hash: head.hash }))
        .execute();
      // As the server's first start does: the seal and the remembered head, keyed (audit-seal.ts).
      await sealAuditLogOnce(db, { config: { auditKey: options.auditKey ?? "" }, now: () => new Date() });
    }
    log(`${size.audit.toLocaleString("en")} audit entries in ${Date.now() - auditStarted} ms`);
    // Table statistics, as PostgreSQL's autovacuum gathers them after a bulk load (and SQLite's planner uses).
    await sql`ANALYZE`.execute(db);
  } finally {
    await db.destroy();
  }
}
