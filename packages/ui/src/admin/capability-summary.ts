/**
 * The admin panel header's subtitle: what the viewer can do here, in words, read from the
 * policy's actions (packages/core/src/domain/policy), never from a role's name, so a custom set of
 * permissions gets its own true sentence.
 */
import { type Action, decide } from "@portfolio/core/domain";

/**
 * "a", "a and b", "a, b and c"; items that hold commas themselves are kept apart by semicolons, and an
 * "and" inside an item gets a comma before the last one.
 */
function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  const separator = items.some((item) => item.includes(",")) ? "; " : ", ";
  const joined = items.slice(0, -1).some((item) => item.includes(" and "));
  const last = separator === "; " ? "; and " : joined ? ", and " : " and ";
  return `${items.slice(0, -1).join(separator)}${last}${items.at(-1)}`;
}

export function capabilitySummary(permissions: readonly string[]): string {
  const may = (action: Action) => decide({ kind: "user", id: "", permissions }, action).allowed;
  if (!may("admin.view")) return "You can change your own account.";
  const seen = ["the dashboard"];
  const changes: string[] = [];

  if (may("users.edit")) changes.push(may("users.delete") ? "manage and delete users" : "manage users");
  else if (may("users.view")) seen.push("users");
  if (may("permissions.change")) changes.push("set permissions");
  if (may("roles.update")) changes.push("edit roles");

  const verbs = (["create", "edit", "delete"] as const).filter((verb) => may(`projects.${verb}`));
  if (may("projects.view") || verbs.length > 0) {
    if (verbs.length === 3) changes.push("create, edit and delete projects");
    else if (verbs.length > 0) changes.push(`${list(verbs)} projects`);
    if (verbs.length < 3 && may("projects.view")) seen.push("projects");
  }
  if (may("settings.update")) changes.push("change the site profile");
  if (may("twitch.connect")) changes.push("connect Twitch");
  const sees = `see ${list(seen)}`;
  if (changes.length === 0) return `You can ${sees}. Only your own account is yours to change here.`;
  return `You can ${list([sees, ...changes])}.`;
}
