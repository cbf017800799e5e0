/**
 * Project slugs: each project's page address, unique among every slug any project ever had
 * (`project_slugs`), so an old address keeps pointing at its project (a 301 to the current one) and is
 * never handed to another project while the first exists or waits in the trash.
 */
import type { Db } from "../data/schema.ts";
import { Invalid } from "../domain/errors.ts";
import { SLUG_MESSAGES, slugCandidate, slugify } from "../domain/slug.ts";

async function ownerOf(db: Db, slug: string): Promise<string | undefined> {
  const row = await db.selectFrom("project_slugs").select("project_id").where("slug", "=", slug).executeTakeFirst();
  return row?.project_id;
}

/**
 * Records the slug for the project; false when another project holds it. One statement for a free slug: the
 * insert answers the row it wrote, and only when it wrote none is the holder read (another instance may
 * have committed the same slug a moment ago: it keeps it).
 */
async function record(db: Db, projectId: string, slug: string, at: string): Promise<boolean> {
  const inserted = await db
    .insertInto("project_slugs")
    .values({ slug, project_id: projectId, created_at: at })
    .onConflict((oc) => oc.column("slug").doNothing())
    .returning("slug")
    .executeTakeFirst();
  return inserted !== undefined || (await ownerOf(db, slug)) === projectId;
}

/**
 * The slug a project gets. An edit's `wanted` slug is exact (refused when another project has or had it);
 * at creation (`exact: false`) it is a wish, suffixed like a title's, since a desktop that created the
 * project offline could not know the server's slugs. Without one: the first free candidate made from
 * `title` (`title`, `title-2`, ...). Recorded for the project in the same transaction.
 */
export async function claimSlug(
  db: Db,
  projectId: string,
  wanted: string | undefined,
  title: string,
  at: string,
  exact = true,
): Promise<string> {
  if (wanted !== undefined && exact) {
    if (!(await record(db, projectId, wanted, at))) throw new Invalid(SLUG_MESSAGES.taken);
    return wanted;
  }
  const base = wanted ?? slugify(title);
  for (let n = 1; ; n++) {
    const candidate = slugCandidate(base, n);
    if (await record(db, projectId, candidate, at)) return candidate;
  }
}

/**
 * `claimSlug` (at creation: `exact: false`) for many new projects, in the order given. Each first
 * candidate no other project holds, and no earlier project of the list wished, is recorded in one statement
 * for all; the others (taken, or wished twice) are claimed one by one after, as `claimSlug` does.
 */
export async function claimSlugs(
  db: Db,
  claims: readonly { projectId: string; wanted: string | undefined; title: string }[],
  at: string,
): Promise<string[]> {
  const firsts = claims.map((claim) => slugCandidate(claim.wanted ?? slugify(claim.title), 1));
  const seen = new Set<string>();
  const tried = claims.flatMap((claim, i) => {
    const slug = firsts[i] as string;
    if (seen.has(slug)) return [];
    seen.add(slug);
    return [{ slug, project_id: claim.projectId, created_at: at }];
  });
  const recorded = new Set<string>();
  for (let i = 0; i < tried.length; i += SLUGS_PER_STATEMENT) {
    const inserted = await db
      .insertInto("project_slugs")
      .values(tried.slice(i, i + SLUGS_PER_STATEMENT))
      .onConflict((oc) => oc.column("slug").doNothing())
      .returning(["slug", "project_id"])
      .execute();
    for (const row of inserted) recorded.add(`${row.project_id}\n${row.slug}`);
  }
  const slugs: string[] = [];
  for (const [i, claim] of claims.entries()) {
    const first = firsts[i] as string;
    slugs.push(
      recorded.has(`${claim.projectId}\n${first}`)
        ? first
        : await claimSlug(db, claim.projectId, claim.wanted, claim.title, at, false),
    );
  }
  return slugs;
}

/** Rows per statement of `claimSlugs`: far below both dialects' limits on bound parameters. */
const SLUGS_PER_STATEMENT = 250;

/** Where a slug leads: the project's id and its current slug (a different one means: redirect there). */
export async function resolveSlug(db: Db, slug: string): Promise<{ projectId: string; slug: string } | undefined> {
  const current = await db.selectFrom("projects").select(["id", "slug"]).where("slug", "=", slug).executeTakeFirst();
  if (current) return { projectId: current.id, slug: current.slug };
  const projectId = await ownerOf(db, slug);
  if (projectId === undefined) return undefined;
  const project = await db.selectFrom("projects").select(["id", "slug"]).where("id", "=", projectId).executeTakeFirst();
  return project ? { projectId: project.id, slug: project.slug } : undefined;
}
