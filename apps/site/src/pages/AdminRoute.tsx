/**
 * /admin/settings: the admin panel for holders of website:admin:view. Logged out (and while the session
 * check runs) it shows the home page; logged in without the permission, it sends you home. The panel is
 * its own chunk, loaded only when allowed.
 */
import { useAuth } from "@portfolio/ui";
import { Navigate } from "react-router-dom";
import { LazyRoute } from "../routes/lazy-page.tsx";
import { AdminPanelPage } from "../routes/pages.ts";
import HomePage from "./HomePage.tsx";

export function AdminRoute() {
  const { isLoading, isLoggedIn, can } = useAuth();
  if (isLoading || !isLoggedIn) return <HomePage />;
  if (!can("admin.view")) return <Navigate to="/" replace />;
  return <LazyRoute page={AdminPanelPage} />;
}
