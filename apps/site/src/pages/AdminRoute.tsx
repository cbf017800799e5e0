/**
 * /admin/settings: the admin panel for holders of website:admin:view; everyone else (and everyone while
 * the session check runs) sees the home page. The panel is its own chunk, loaded only when allowed.
 */
import { useAuth } from "@portfolio/ui";
import { LazyRoute } from "../routes/lazy-page.tsx";
import { AdminPanelPage } from "../routes/pages.ts";
import HomePage from "./HomePage.tsx";

export function AdminRoute() {
  const { isLoading, isLoggedIn, can } = useAuth();
  if (isLoading || !isLoggedIn || !can("website:admin:view")) return <HomePage />;
  return <LazyRoute page={AdminPanelPage} />;
}
