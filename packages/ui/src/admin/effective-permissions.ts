/**
 * The Edit User modal's preview: what a set of permissions allows, in words, before it is saved, plus the
 * combinations that do not do what one might expect (e.g. admin permissions without the panel itself).
 */
import { deriveRole, hasPermission, isOwner, type RoleKey } from "@portfolio/core/domain";
import { exactRole, type RoleSet } from "./user-editor.ts";

export interface AccessSummary {
  /** The role shown for these permissions (spec section 6 derivation). */
  role: RoleKey;
  /** True when the permissions equal that role's set exactly. */
  exact: boolean;
  allows: string[];
  warnings: string[];
}

/** "a", "a and b", "a, b and c". */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function describeAccess(permissions: readonly string[], roles: RoleSet): AccessSummary {
  const list = [...permissions];
  const role = deriveRole(list, roles);
  if (isOwner(list)) {
    return { role, exact: true, allows: ["Everything: full access as the owner."], warnings: [] };
  }
  const has = (p: string) => hasPermission(list, p);
  const allows: string[] = [];
  const warnings: string[] = [];
  const panel = has("website:admin:view");

  if (has("website:view")) allows.push("View the public website.");
  if (panel) allows.push("Open the admin panel: the Dashboard and the Settings tab.");
  if (has("website:projects:edit")) allows.push("See edit and delete buttons on the home page's project cards.");

  const projectVerbs = [
    has("projects:create") && "create",
    has("projects:edit") && "edit",
    has("projects:delete") && "delete",
  ].filter((v): v is string => typeof v === "string");
  if (panel && has("projects:view")) allows.push("See the Projects tab.");
  if (projectVerbs.length > 0) allows.push(`${capitalise(joinWords(projectVerbs))} projects.`);

  if (panel && has("users:view")) allows.push("See the Users tab and the audit log.");
  if (has("users:edit")) allows.push("Activate and edit users, send password resets and edit the roles.");
  if (has("users:delete")) allows.push("Delete users.");
  if (has("users:permissions")) allows.push("Change users' permissions (only to ones they hold themselves).");

  if (allows.length === 0) allows.push("Nothing: not even viewing the website.");

  const adminOnly = ["projects:view", "users:view", "users:edit", "users:delete", "users:permissions"].filter(has);
  if (!panel && adminOnly.length > 0)
    warnings.push(
      `Without website:admin:view the admin panel stays closed, so ${joinWords(adminOnly)} ${adminOnly.length === 1 ? "has" : "have"} no effect in it.`,
    );
  if (panel && projectVerbs.length > 0 && !has("projects:view"))
    warnings.push(
      "Without projects:view the Projects tab is hidden: projects can be changed only from the home page (with website:projects:edit).",
    );
  if (panel && !has("users:view") && ["users:edit", "users:delete", "users:permissions"].some(has))
    warnings.push("Without users:view the Users tab is hidden: only the role editor in Settings remains.");
  if (has("users:permissions") && !has("users:edit"))
    warnings.push("users:permissions works only together with users:edit (editing a user needs it).");
  if (has("website:projects:edit") && !has("projects:edit") && !has("projects:delete"))
    warnings.push("The home page's edit and delete buttons need projects:edit or projects:delete to succeed.");

  return { role, exact: exactRole(list, roles) === role, allows, warnings };
}
