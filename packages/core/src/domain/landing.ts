/** Where a logged-in user belongs: the admin panel for staff who may open it, else the home page. */
import { decide, type PolicyActor } from "./policy/decide.ts";

export const ADMIN_PANEL_PATH = "/admin/settings";
export const LOGIN_PATH = "/login";

export function landingPath(actor: PolicyActor): string {
  return landingFor(actor.kind === "user" && decide(actor, "admin.view").allowed);
}

/** The same, from the policy's answer to admin.view (a screen asks it through `can`, whose rules load lazily). */
export function landingFor(mayOpenAdminPanel: boolean): string {
  return mayOpenAdminPanel ? ADMIN_PANEL_PATH : "/";
}
