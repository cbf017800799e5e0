import { type ApiClient, AuthProvider, UnsavedChangesProvider, useLocation } from "@portfolio/ui";
import { useEffect } from "react";
import { InitialDataProvider, type InitialDataValue } from "./lib/initial-data.tsx";
import { ProjectPageProvider } from "./lib/project-page-context.tsx";
import type { ProjectPageData } from "./lib/project-page-data.tsx";
import HomePage from "./pages/HomePage.tsx";
import { HistoryGuard } from "./routes/history-guard.tsx";
import { LazyRoute } from "./routes/lazy-page.tsx";
import { pageForPath } from "./routes/pages.ts";
import { titleForPath } from "./routes/route-titles.ts";

/** The page of the current location: Home, or a code-split page (routes/pages.ts). */
export function AppRoutes() {
  const page = pageForPath(useLocation().pathname);
  return page ? <LazyRoute page={page} /> : <HomePage />;
}

/** Keeps the tab title in step with client-side navigation, moves to the top on a new page, and counts it. */
function RouteEffects() {
  const { pathname } = useLocation();
  useEffect(() => {
    // A marker for tests and tools: React has hydrated and handlers are attached.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useEffect(() => {
    document.title = titleForPath(pathname);
    window.scrollTo(0, 0);
    // One visit beacon per page shown, the first after the page has loaded, and one per project link followed
    // (lib/beacon.ts: loaded once hydrated, so no page waits for it or carries it in its first load).
    void import("./lib/beacon.ts").then(({ countPageView }) => countPageView());
  }, [pathname]);
  return null;
}

export function App({
  api,
  initialData,
  projectPage = null,
}: {
  api: ApiClient;
  initialData: InitialDataValue;
  /** The project a /projects/<slug> document was rendered for (its data block), else null. */
  projectPage?: ProjectPageData | null;
}) {
  return (
    <InitialDataProvider value={initialData}>
      <ProjectPageProvider value={projectPage}>
        <AuthProvider api={api}>
          {/* Forms with unsaved changes ask before a tab switch, a close, a link and a page unload. */}
          <UnsavedChangesProvider beforeUnload>
            <a
              href="#main"
              className="sr-only z-50 rounded-lg bg-indigo-600 px-4 py-2 font-medium text-white focus:not-sr-only focus:fixed focus:top-20 focus:left-4"
            >
              Skip to content
            </a>
            <RouteEffects />
            <HistoryGuard />
            <AppRoutes />
          </UnsavedChangesProvider>
        </AuthProvider>
      </ProjectPageProvider>
    </InitialDataProvider>
  );
}
