import { type ApiClient, AuthProvider, UnsavedChangesProvider } from "@portfolio/ui";
import { useEffect } from "react";
import { Route, Routes, useLocation } from "react-router-dom";
import { type InitialData, InitialDataProvider } from "./lib/initial-data.tsx";
import HomePage from "./pages/HomePage.tsx";
import { HistoryGuard } from "./routes/history-guard.tsx";
import { LazyRoute } from "./routes/lazy-page.tsx";
import {
  AcceptInvitationPage,
  AccountPage,
  ActivateAccountPage,
  AdminGatePage,
  CalendarPage,
  ConfirmEmailPage,
  LoginPage,
  NotFoundPage,
  PlaylistShufflerPage,
  ResetPasswordPage,
  TwitchCallbackPage,
  WidgetPage,
} from "./routes/pages.ts";
import { titleForPath } from "./routes/route-titles.ts";

/** Every route of spec section 2. Keep in sync with route-meta.ts (one prerendered file each). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/login" element={<LazyRoute page={LoginPage} />} />
      <Route path="/reset-password" element={<LazyRoute page={ResetPasswordPage} />} />
      <Route path="/activate-account" element={<LazyRoute page={ActivateAccountPage} />} />
      <Route path="/accept-invitation" element={<LazyRoute page={AcceptInvitationPage} />} />
      <Route path="/confirm-email" element={<LazyRoute page={ConfirmEmailPage} />} />
      <Route path="/calendar" element={<LazyRoute page={CalendarPage} />} />
      <Route path="/playlist-shuffler" element={<LazyRoute page={PlaylistShufflerPage} />} />
      <Route path="/twitchchatwidget" element={<LazyRoute page={WidgetPage} />} />
      <Route path="/twitchcountdownwidget" element={<LazyRoute page={WidgetPage} />} />
      <Route path="/twitchcotdwidget" element={<LazyRoute page={WidgetPage} />} />
      <Route path="/twitchheartwidget" element={<LazyRoute page={WidgetPage} />} />
      <Route path="/twitch/callback" element={<LazyRoute page={TwitchCallbackPage} />} />
      <Route path="/twitch/fallback" element={<LazyRoute page={TwitchCallbackPage} />} />
      <Route path="/admin/settings" element={<LazyRoute page={AdminGatePage} />} />
      <Route path="/account" element={<LazyRoute page={AccountPage} />} />
      <Route path="/404" element={<LazyRoute page={NotFoundPage} />} />
      <Route path="*" element={<LazyRoute page={NotFoundPage} />} />
    </Routes>
  );
}

/** Keeps the tab title in step with client-side navigation and moves to the top on a new page. */
function RouteEffects() {
  const { pathname } = useLocation();
  useEffect(() => {
    // A marker for tests and tools: React has hydrated and handlers are attached.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useEffect(() => {
    document.title = titleForPath(pathname);
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function App({ api, initialData }: { api: ApiClient; initialData: InitialData }) {
  return (
    <InitialDataProvider value={initialData}>
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
    </InitialDataProvider>
  );
}
