/**
 * Restoring a project's version is an edit like any other: the project's fields become that
 * version's and its version number moves on, through updateProject, so it is in the history and the audit
 * log, reaches desktops through sync, and a stale `baseVersion` is the same 409 as an edit's.
 */
import { NotFound } from "../domain/errors.ts";
import type { ProjectFieldsView } from "../domain/history.ts";
import { projectEditFromVersion, projectFieldsOfVersion, restoreBodySchema } from "../domain/history.ts";
import type { Project } from "../domain/projects.ts";
import type { Actor, Core } from "./context.ts";
import { parseInput } from "./parse-input.ts";
import { assertCan } from "./policy.ts";
import { findProjectVersion } from "./project-history.service.ts";
import { updateProject } from "./projects.service.ts";

export const VERSION_NOT_FOUND = "That version of the project was not found.";

export async function restoreProjectVersion(core: Core, actor: Actor, id: string, input: unknown): Promise<Project> {
  assertCan(actor, "projects.edit");
  const { version, baseVersion } = parseInput(restoreBodySchema, input);
  const kept = await findProjectVersion(core.db, id, version);
  if (!kept) {
    const exists = await core.db.selectFrom("projects").select("id").where("id", "=", id).executeTakeFirst();
    throw new NotFound(exists ? VERSION_NOT_FOUND : "Project not found.");
  }
  const fields = projectFieldsOfVersion(JSON.parse(kept.fields) as ProjectFieldsView);
  return updateProject(
    core,
    actor,
    id,
    { ...projectEditFromVersion(fields), ...(baseVersion === undefined ? {} : { version: baseVersion }) },
    version,
  );
}
