/**
 * What a project card's Edit and Delete buttons take. The card passes it on to ProjectCardActions (a
 * chunk of its own, loaded only for editors); both import it from here, so the buttons need nothing from
 * the card that renders them (docs/design.md section 8: no import circles).
 */
import type { Project } from "@portfolio/core/domain";

/** The spec's 'You do not have permission to ...' for each button the viewer may not use. */
export interface CardActionRefusals {
  edit?: string;
  delete?: string;
}

export interface CardActionsProps {
  project: Project;
  /** Given only to holders of website:projects:edit: hover buttons on the card. */
  onEdit?: (project: Project) => void;
  onDelete?: (project: Project) => void;
  /** Why Edit or Delete is unavailable to this viewer, if it is: the button is aria-disabled. */
  unavailable?: CardActionRefusals;
  /** The refusal shown beside the card's buttons, after an unavailable one was pressed. */
  refusal?: string | null;
}
