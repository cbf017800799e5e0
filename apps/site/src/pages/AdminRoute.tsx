/**
 * /admin/settings: the admin panel for holders of website:admin:view. Logged out it shows the home page;
 * logged in without the permission, it sends you home. The panel is its own chunk.
 *
 * While the session check runs the page stays quiet (never the home page and its Login button, which a
 * logged-in visitor would see flash before the panel); the check and the panel's chunk load together when
 * the logged-in hint says a session is likely; the loading screen appears only if that takes a while.
 */
import { LoadingGate, Navigate, secondFactorRequired, useAuth } from "@portfolio/ui";
import { useEffect, useState } from "react";
import { AdminPanelPage, sessionLikely } from "../routes/admin-panel-page.ts";
import { LazyRoute } from "../routes/lazy-page.tsx";
import HomePage from "./HomePage.tsx";

export default function AdminRoute() {
  const { isLoading, isLoggedIn, can, user } = useAuth();
  const allowed = isLoggedIn && can("admin.view");
  const panelReady = usePanelChunk(isLoading ? sessionLikely() : allowed);

  if (!isLoading && !isLoggedIn) return <HomePage />;
  // Staff the owner requires a second factor of set one up first: the admin panel would refuse.
  if (!isLoading && secondFactorRequired(user)) return <Navigate to="/account#security" replace />;
  if (!isLoading && !allowed) return <Navigate to="/" replace />;
  return (
    <LoadingGate done={!isLoading && panelReady} label="Loading the admin panel">
      <LazyRoute page={AdminPanelPage} />
    </LoadingGate>
  );
}

/** Loads the panel's chunk once `wanted`; true when it is there (or failed: LazyRoute then shows why). */
function usePanelChunk(wanted: boolean): boolean {
  const [ready, setReady] = useState(() => AdminPanelPage.loaded() !== undefined);
  useEffect(() => {
    if (ready || !wanted) return;
    let live = true;
    const settle = () => live && setReady(true);
    AdminPanelPage.preload().then(settle, settle);
    return () => {
      live = false;
    };
  }, [ready, wanted]);
  return ready;
}
