/**
 * Two server processes on one PostgreSQL database write audit entries at the same moment
 * (docs/security.md, promise 32): each entry is chained inside its writing transaction under the lock on the chain's head, so
 * the chain stays one line: `GET /api/admin/audit/verify` on either instance says it is whole, with every
 * entry counted, and no two entries follow the same one (no fork). Runs in the PostgreSQL pass.
 */
// docs/security.md, promise 32
import { openDatabase } from "@portfolio/core/data";
import type { AuditVerifyAnswer, Project } from "@portfolio/core/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, type Instance, login, onPostgres, startCluster } from "../test/instances.ts";

let cluster: Cluster;
let a: Instance;
let b: Instance;

/** Both instances must chain with one key, as the README says for several instances. */
const AUDIT_KEY = "scale-test-audit-key-0123456789abcdef";
const WRITES = 150;

describe.runIf(onPostgres)("two instances writing audit entries at once", () => {
  beforeAll(async () => {
    cluster = await startCluster(2, { AUDIT_KEY });
    [a, b] = cluster.instances as [Instance, Instance];
  }, 60_000);
  afterAll(async () => {
    await cluster?.close();
  }, 30_000);

  it("keep one unbroken chain: verify counts every entry, and no two entries follow the same one", async () => {
    const onA = await login(a);
    const onB = b.client(onA.cookies);
    const projects = (await onA.get<{ projects: Project[] }>("/api/projects")).body.projects.slice(0, 4);
    const start = await onA.get<AuditVerifyAnswer>("/api/admin/audit/verify");
    expect(start.body).toMatchObject({ ok: true });
    const before = start.body.entries;

    // Content edits (projects and the site profile, ordered among themselves by the day's edit counter) and
    // 'log out everywhere else' with the one session there is (which locks nothing): writers that share no
    // lock but the chain's, each kind through both instances, all sent at once.
    const profile = (await onA.get<Record<string, unknown>>("/api/settings/profile")).body;
    const results = await Promise.all(
      Array.from({ length: WRITES }, (_, i) => {
        const through = i % 2 === 0 ? onA : onB;
        if (i % 4 < 2) {
          return through.patch(`/api/projects/${projects[i % projects.length]?._id}`, { title: `Chained edit ${i}` });
        }
        if (i % 4 === 2) return through.patch("/api/admin/settings/profile", { ...profile, tagline: `Tagline ${i}` });
        return through.post("/api/sessions/end-others");
      }),
    );
    expect(results.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.text}`)).toEqual([]);

    const verify = await onB.get<AuditVerifyAnswer>("/api/admin/audit/verify");
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ ok: true, entries: before + WRITES });
    expect((await onA.get<AuditVerifyAnswer>("/api/admin/audit/verify")).body).toEqual(verify.body);

    // No fork: each entry but the first follows a different one, and the head is the newest entry.
    const { db } = openDatabase(cluster.databaseUrl, { poolSize: 1 });
    try {
      const rows = await db.selectFrom("audit_log").select(["id", "prev_hash", "hash"]).orderBy("seq").execute();
      expect(rows).toHaveLength(before + WRITES);
      expect(new Set(rows.map((r) => r.prev_hash)).size).toBe(rows.length);
      expect(rows.filter((r) => r.prev_hash === null)).toHaveLength(1);
      const newest = rows.at(-1);
      expect(verify.body.ok && verify.body.head).toEqual({ id: newest?.id, hash: newest?.hash });
    } finally {
      await db.destroy();
    }
  }, 120_000);
});
