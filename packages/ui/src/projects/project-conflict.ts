/**
 * A project edit refused because someone saved the project since the editor loaded it (409 with the
 * current project): the editor shows the current values and lets the user reapply their edit on top.
 */
import type { Project } from "@portfolio/core/domain";
import { ApiError } from "../api/api-client.ts";
import { SaveError } from "./save-error.ts";

export const PROJECT_CONFLICT_MESSAGE = "This project was changed elsewhere";
export const PROJECT_CONFLICT_HINT =
  "Someone saved this project after you opened it. Their version is below: reapply your changes on top of it, or keep theirs.";

export class ProjectConflict extends SaveError {
  constructor(readonly current: Project) {
    super(PROJECT_CONFLICT_MESSAGE, PROJECT_CONFLICT_HINT);
    this.name = "ProjectConflict";
  }
}

function isProject(value: unknown): value is Project {
  if (typeof value !== "object" || value === null) return false;
  const p = value as Record<string, unknown>;
  return (
    typeof p._id === "string" &&
    typeof p.title === "string" &&
    typeof p.description === "string" &&
    typeof p.version === "number" &&
    Array.isArray(p.tags)
  );
}

/** The conflict carried by a failed save, or null when it failed for another reason. */
export function projectConflictFrom(error: unknown): ProjectConflict | null {
  if (error instanceof ProjectConflict) return error;
  if (error instanceof ApiError && error.status === 409 && isProject(error.details.current))
    return new ProjectConflict(error.details.current);
  return null;
}

/** The current values as the editor lists them, in the form's order. */
export function conflictRows(project: Project): Array<[string, string]> {
  const status = [project.isLatest ? "Latest" : null, project.isArchived ? "Archived" : null].filter(Boolean);
  return [
    ["Title", project.title],
    ["Description", project.description],
    ["Code link", project.github ?? "(none)"],
    ["Demo link", project.externalLink ?? "(none)"],
    ["Status", status.length > 0 ? status.join(", ") : "Active"],
    ["Tags", project.tags.length > 0 ? project.tags.join(", ") : "(none)"],
  ];
}
