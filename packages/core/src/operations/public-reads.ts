/**
 * The public reads' own runner (docs/performance.md, "The public reads" and "Start"): GET /api/hello,
 * /api/projects and /api/settings/profile run as `runOperation` runs them (the policy on their registry
 * entries, their input through the entries' schemas, then their handlers, no transaction: they are reads),
 * reaching only their own entries (public-reads.ops.ts), handlers and queries. `runOperation` imports every
 * operation's schemas and every service; a start answers these before any of that is built. The registry and
 * `handlers` hold these very entries and handlers, so both runners give one answer.
 */
import type { ParsedInputOf, ResultOf } from "../domain/operations/define.ts";
import { parseOperationInput } from "../domain/operations/parse.ts";
import { type PublicReadName, publicReadOperations } from "../domain/operations/public-reads.ops.ts";
import { isProjectsPageQuery } from "../domain/projects-paging.ts";
import { listProjects } from "../services/projects.table.ts";
import { projectsPage } from "../services/projects-page.table.ts";
import { getSiteProfile } from "../services/site-profile.read.ts";
import { assertSpecAllowed } from "./assert-spec.ts";
import type { CallerContext } from "./context.ts";

export const HELLO = "Hello there! Thanks for finding this little secret. Have a great day!";

type PublicReads = typeof publicReadOperations;

/** What a public read's handler takes: the core alone (any operation's context has it). */
type PublicReadHandler<K extends PublicReadName> = (
  ctx: Pick<CallerContext, "core">,
  input: ParsedInputOf<PublicReads[K]>,
) => Promise<ResultOf<PublicReads[K]>>;

export const publicReadHandlers: { [K in PublicReadName]: PublicReadHandler<K> } = {
  hello: async () => ({ message: HELLO }),
  "projects.list": async ({ core }, query) =>
    isProjectsPageQuery(query) ? projectsPage(core.db, query) : { projects: await listProjects(core.db) },
  "profile.get": ({ core }) => getSiteProfile(core.db),
};

/** Parses a public read's input with its entry's schemas: the registry's value, or the registry's 400. */
export function parsePublicRead<K extends PublicReadName>(
  name: K,
  query: Record<string, unknown>,
): ParsedInputOf<PublicReads[K]> {
  return parseOperationInput(publicReadOperations[name], { params: {}, query, body: undefined }) as ParsedInputOf<
    PublicReads[K]
  >;
}

/** Runs a public read as `runOperation` would for this caller: the policy first, then the parsed input's answer. */
export function runPublicRead<K extends PublicReadName>(
  caller: Pick<CallerContext, "core" | "actor">,
  name: K,
  query: Record<string, unknown>,
): Promise<ResultOf<PublicReads[K]>> {
  assertSpecAllowed(caller.actor, publicReadOperations[name]);
  return publicReadHandlers[name](caller, parsePublicRead(name, query));
}
