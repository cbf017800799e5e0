/** Project operations: thin over core/services/projects. */
import { createProject, deleteProject, listProjects, updateProject } from "../services/projects.service.ts";
import type { Handlers } from "./context.ts";

type ProjectHandlers = Pick<Handlers, "projects.list" | "projects.create" | "projects.update" | "projects.delete">;

export const projectHandlers: ProjectHandlers = {
  "projects.list": async ({ core }) => ({ projects: await listProjects(core.db) }),
  "projects.create": ({ core, actor }, input) => createProject(core, actor, input),
  "projects.update": ({ core, actor }, { id, ...body }) => updateProject(core, actor, id, body),
  "projects.delete": ({ core, actor }, { id }) => deleteProject(core, actor, id),
};
