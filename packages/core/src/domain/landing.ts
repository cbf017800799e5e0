/** Where a logged-in user belongs (issue 13): the admin panel for staff who may open it, else the home page. */
import { decide, type PolicyActor } from "./policy/decide.ts";

export const ADMIN_PANEL_PATH = "/admin/settings";
export const LOGIN_PATH = "/login";

export function landingPath(actor: PolicyActor): string {
  return actor.kind === "user" && decide(actor, "admin.view").allowed ? ADMIN_PANEL_PATH : "/";
}
