/**
 * The admin panel's chunk and the hint that says whether to fetch it early. The page list (pages.ts) and
 * the /admin/settings gate that list loads (pages/AdminRoute.tsx) both use them; they live here so the gate
 * never imports the list that imports it (docs/design.md section 8: no import circles).
 */
import { hasCookie, SESSION_HINT_COOKIE } from "@portfolio/ui";
import { lazyPage } from "./lazy-page.tsx";

export const AdminPanelPage = lazyPage(() => import("../pages/AdminPanelPage.tsx"), {
  loadingScreen: true,
  label: "Loading the admin panel",
});

/** The readable logged-in hint (never trusted: only used to start loading the panel early). */
export function sessionLikely(): boolean {
  return typeof document !== "undefined" && hasCookie(document.cookie, SESSION_HINT_COOKIE);
}
