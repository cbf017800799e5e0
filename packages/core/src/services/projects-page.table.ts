/**
 * One page of the public project list: every sort the site offers is done by the database over
 * the whole list and continues after a cursor (keyset paging, never an offset).
 *
 * - list (no sort): oldest first, the spec's answer's own order;
 * - az: by title without regard to case, through `projects_title_order`;
 * - status: the latest (the first flagged, as `latestProjectId`), then the others not archived, then the
 *   archived ones, each by title: three ranges of `projects_status_order`, read one after the other;
 * - random: by (shuffle_key * a + b) mod p for the seed's a and b (project-order.ts): the same seed gives
 *   the same order on every page, so a visit's Random order pages without repeats or gaps.
 */
import { type Expression, type SqlBool, sql } from "kysely";
import { toCount } from "../data/dialect.ts";
import type { Db, ProjectRow } from "../data/schema.ts";
import type { ProjectsAnswer } from "../domain/api-types.ts";
import { Invalid } from "../domain/errors.ts";
import { BAD_PROJECTS_CURSOR, PROJECTS_PAGE_DEFAULT, type ProjectsPageSort } from "../domain/projects-paging.ts";
import type { ProjectsQuery } from "../domain/projects-query.ts";
import { SHUFFLE_PRIME, shuffleMapOf } from "./project-order.ts";
import { toProject } from "./projects.table.ts";

/** Where a page ended: the sort (and seed) it belongs to, then the order's key values of its last row. */
type Cursor =
  | { sort: "list"; createdAt: string; title: string; id: string }
  | { sort: "az"; key: string; id: string; desc?: true }
  | { sort: "status"; segment: number; key: string; id: string; desc?: true }
  | { sort: "random"; seed: number; order: number; id: string };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(text: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as Record<string, unknown>;
    const str = (k: string) => typeof value[k] === "string";
    const int = (k: string) => Number.isSafeInteger(value[k]);
    const ok =
      (value.sort === "list" && str("createdAt") && str("title") && str("id")) ||
      (value.sort === "az" && str("key") && str("id")) ||
      (value.sort === "status" && int("segment") && str("key") && str("id")) ||
      (value.sort === "random" && int("seed") && int("order") && str("id"));
    if (ok) return value as unknown as Cursor;
  } catch {
    // Falls through to the refusal below.
  }
  throw new Invalid(BAD_PROJECTS_CURSOR);
}

const titleKey = sql<string>`lower(title)`;

/** (a, b, ...) > (x, y, ...): row values, which both dialects compare in order and read through an index. */
function after(columns: readonly Expression<unknown>[], values: readonly unknown[], desc = false): Expression<SqlBool> {
  const op = desc ? sql`<` : sql`>`;
  return sql<SqlBool>`(${sql.join(columns)}) ${op} (${sql.join(values.map((v) => sql`${v}`))})`;
}

/** The first project flagged latest in list order: the only one that counts as latest. */
async function latestRow(db: Db): Promise<Pick<ProjectRow, "id" | "title" | "is_archived"> | undefined> {
  return db
    .selectFrom("projects")
    .select(["id", "title", "is_archived"])
    .where("is_latest", "=", 1)
    .orderBy("created_at")
    .orderBy("title")
    .executeTakeFirst();
}

/** 'Last seen working on' over the whole list: the latest not archived, else the first not archived. */
async function lastSeenOf(db: Db): Promise<{ _id: string; title: string } | null> {
  const flagged = await db
    .selectFrom("projects")
    .select(["id", "title"])
    .where("is_archived", "=", 0)
    .where("is_latest", "=", 1)
    .orderBy("created_at")
    .orderBy("title")
    .executeTakeFirst();
  const row =
    flagged ??
    (await db
      .selectFrom("projects")
      .select(["id", "title"])
      .where("is_archived", "=", 0)
      .orderBy("created_at")
      .orderBy("title")
      .executeTakeFirst());
  return row ? { _id: row.id, title: row.title } : null;
}

type Row = ProjectRow & { title_key: string };
type Found = { rows: Row[]; cursorOf: (row: Row) => Cursor };

const selectRows = (db: Db) => db.selectFrom("projects").selectAll().select(titleKey.as("title_key"));

async function listRows(db: Db, take: number, from: Cursor | undefined): Promise<Found> {
  let query = selectRows(db);
  if (from?.sort === "list")
    query = query.where(
      after([sql.ref("created_at"), sql.ref("title"), sql.ref("id")], [from.createdAt, from.title, from.id]),
    );
  const rows = await query.orderBy("created_at").orderBy("title").orderBy("id").limit(take).execute();
  return { rows, cursorOf: (r) => ({ sort: "list", createdAt: r.created_at, title: r.title, id: r.id }) };
}

async function azRows(db: Db, take: number, from: Cursor | undefined, desc: boolean): Promise<Found> {
  let query = selectRows(db);
  if (from?.sort === "az") query = query.where(after([titleKey, sql.ref("id")], [from.key, from.id], desc));
  // Backwards (Z-A) the same index is read from its end.
  const way = desc ? "desc" : "asc";
  const rows = await query.orderBy(titleKey, way).orderBy("id", way).limit(take).execute();
  return { rows, cursorOf: (r) => ({ sort: "az", key: r.title_key, id: r.id, ...(desc ? { desc: true } : {}) }) };
}

async function statusRows(
  db: Db,
  take: number,
  from: Cursor | undefined,
  latestId: string | undefined,
  desc: boolean,
): Promise<Found> {
  const start = from?.sort === "status" ? from : undefined;
  const rows: Row[] = [];
  const segmentOf = new Map<string, number>();
  // Backwards the three ranges come in the other order; each stays by title, as the table showed it.
  const step = desc ? -1 : 1;
  for (
    let segment = start?.segment ?? (desc ? 2 : 0);
    segment >= 0 && segment <= 2 && rows.length < take;
    segment += step
  ) {
    let query = selectRows(db);
    if (segment === 0) {
      if (latestId === undefined) continue;
      query = query.where("id", "=", latestId);
    } else {
      query = query.where("is_archived", "=", segment === 1 ? 0 : 1);
      if (latestId !== undefined) query = query.where("id", "!=", latestId);
    }
    if (start && start.segment === segment)
      query = query.where(after([titleKey, sql.ref("id")], [start.key, start.id]));
    const found = await query
      .orderBy("is_archived")
      .orderBy(titleKey)
      .orderBy("id")
      .limit(take - rows.length)
      .execute();
    for (const row of found) segmentOf.set(row.id, segment);
    rows.push(...found);
  }
  return {
    rows,
    cursorOf: (r) => ({
      sort: "status",
      segment: segmentOf.get(r.id) ?? 2,
      key: r.title_key,
      id: r.id,
      ...(desc ? { desc: true } : {}),
    }),
  };
}

async function randomRows(db: Db, take: number, from: Cursor | undefined, seed: number): Promise<Found> {
  const { a, b } = shuffleMapOf(seed);
  // Literal integers (validated), so each dialect multiplies 64-bit integers, never a bound float.
  const order = sql<number>`((cast(shuffle_key as bigint) * ${sql.lit(a)} + ${sql.lit(b)}) % ${sql.lit(SHUFFLE_PRIME)})`;
  let query = selectRows(db).select(order.as("shuffle_order"));
  if (from?.sort === "random") query = query.where(after([order, sql.ref("id")], [from.order, from.id]));
  const rows = await query.orderBy(order).orderBy("id").limit(take).execute();
  return {
    rows,
    cursorOf: (r) => ({
      sort: "random",
      seed,
      order: Number((r as Row & { shuffle_order: number | string }).shuffle_order),
      id: r.id,
    }),
  };
}

/** One page of `GET /api/projects` with paging parameters. */
export async function projectsPage(db: Db, query: ProjectsQuery): Promise<Required<Omit<ProjectsAnswer, "error">>> {
  const limit = query.limit ?? PROJECTS_PAGE_DEFAULT;
  const from = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const sort: ProjectsPageSort = query.sort ?? (from?.sort === "list" || from === undefined ? "list" : from.sort);
  // A cursor belongs to one sort and one seed: the next page of another order would repeat or skip projects.
  if (from && (from.sort !== sort || (from.sort === "random" && query.seed !== undefined && from.seed !== query.seed)))
    throw new Invalid(BAD_PROJECTS_CURSOR);
  const desc = query.direction === "desc";
  // A cursor also belongs to one direction.
  if (from && (from.sort === "az" || from.sort === "status") && (from.desc === true) !== desc)
    throw new Invalid(BAD_PROJECTS_CURSOR);
  if (query.direction !== undefined && sort !== "az" && sort !== "status")
    throw new Invalid("direction is only for sort=az and sort=status.");
  if (sort === "random" && query.seed === undefined && from?.sort !== "random")
    throw new Invalid("seed is required with sort=random.");
  const latest = await latestRow(db);
  const take = limit + 1;
  const found =
    sort === "az"
      ? await azRows(db, take, from, desc)
      : sort === "status"
        ? await statusRows(db, take, from, latest?.id, desc)
        : sort === "random"
          ? await randomRows(db, take, from, from?.sort === "random" ? from.seed : (query.seed as number))
          : await listRows(db, take, from);
  const page = found.rows.slice(0, limit);
  const last = page.at(-1);
  const total = await db
    .selectFrom("projects")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirst();
  return {
    projects: page.map(({ title_key: _key, ...row }) => toProject(row as ProjectRow)),
    next: found.rows.length > limit && last ? encodeCursor(found.cursorOf(last)) : null,
    total: toCount(total?.n as string | number | undefined),
    latestId: latest?.id ?? null,
    lastSeen: await lastSeenOf(db),
  };
}
