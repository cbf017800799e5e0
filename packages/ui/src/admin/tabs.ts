/** The admin panel's tabs (spec section 2): which ones a viewer sees, and keyboard movement between them. */
import { decide } from "@portfolio/core/domain";

export const ADMIN_TABS = ["dashboard", "users", "projects", "trash", "settings"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const TAB_LABELS: Record<AdminTab, string> = {
  dashboard: "Dashboard",
  users: "Users",
  projects: "Projects",
  trash: "Trash",
  settings: "Settings",
};

/**
 * Dashboard and Settings for everyone in the panel; Users with users:view; Projects with projects:view;
 * Trash for whoever may restore and purge deleted projects (projects:delete).
 */
export function visibleTabs(permissions: readonly string[]): AdminTab[] {
  const may = (action: "users.view" | "projects.view" | "trash.manage") =>
    decide({ kind: "user", id: "", permissions }, action).allowed;
  return ADMIN_TABS.filter(
    (tab) =>
      (tab !== "users" || may("users.view")) &&
      (tab !== "projects" || may("projects.view")) &&
      (tab !== "trash" || may("trash.manage")),
  );
}

/**
 * The tab named by a URL hash such as "#users" (or "#settings/site": a tab's own section follows a slash),
 * if the viewer may see it; else the first tab.
 */
export function tabFromHash(hash: string, visible: readonly AdminTab[]): AdminTab {
  const name = hash.replace(/^#/, "").toLowerCase().split("/")[0];
  return visible.find((tab) => tab === name) ?? visible[0] ?? "dashboard";
}

/** Arrow keys move (wrapping), Home and End jump; other keys do nothing (null). */
export function tabAfterKey(visible: readonly AdminTab[], current: AdminTab, key: string): AdminTab | null {
  const index = visible.indexOf(current);
  if (visible.length === 0 || index === -1) return null;
  switch (key) {
    case "ArrowRight":
      return visible[(index + 1) % visible.length] ?? null;
    case "ArrowLeft":
      return visible[(index - 1 + visible.length) % visible.length] ?? null;
    case "Home":
      return visible[0] ?? null;
    case "End":
      return visible.at(-1) ?? null;
    default:
      return null;
  }
}
