/** Project operations: thin over core/services/projects, its history and the trash. */
import { projectHistory } from "../services/project-history.service.ts";
import { restoreProjectVersion } from "../services/project-restore.service.ts";
import { createProject, deleteProject, updateProject } from "../services/projects.service.ts";
import { listTrash, purgeFromTrash, restoreFromTrash } from "../services/trash.service.ts";
import type { Handlers } from "./context.ts";
import { publicReadHandlers } from "./public-reads.ts";

export const projectHandlers = {
  "projects.list": publicReadHandlers["projects.list"],
  "projects.create": ({ core, actor }, input) => createProject(core, actor, input),
  "projects.update": ({ core, actor }, { id, ...body }) => updateProject(core, actor, id, body),
  "projects.delete": ({ core, actor }, { id }) => deleteProject(core, actor, id),
  "projects.history": ({ core, actor }, { id, ...query }) => projectHistory(core, actor, id, query),
  "projects.restore": ({ core, actor }, { id, ...body }) => restoreProjectVersion(core, actor, id, body),
  "trash.list": ({ core, actor }) => listTrash(core, actor),
  "trash.restore": ({ core, actor }, { id }) => restoreFromTrash(core, actor, id),
  "trash.purge": ({ core, actor }, { id }) => purgeFromTrash(core, actor, id),
} satisfies Partial<Handlers>;
