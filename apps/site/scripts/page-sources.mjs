/**
 * What each prerendered page runs besides the site's entry, shared by the static export (prerender.mjs: its
 * <link rel="modulepreload"> tags and data link) and the weight check (weight-budgets.mjs: what the page's
 * JavaScript is).
 */

/** Source module of each code-split page, to add <link rel="modulepreload"> for its chunk. */
export const PAGE_SOURCES = {
  "/login": "src/pages/LoginPage.tsx",
  "/reset-password": "src/pages/ResetPasswordPage.tsx",
  "/activate-account": "src/pages/ActivateAccountPage.tsx",
  "/accept-invitation": "src/pages/AcceptInvitationPage.tsx",
  "/confirm-email": "src/pages/ConfirmEmailPage.tsx",
  "/calendar": "src/pages/CalendarPage.tsx",
  "/privacy": "src/pages/PrivacyPage.tsx",
  "/playlist-shuffler": "src/pages/PlaylistShufflerPage.tsx",
  "/twitchchatwidget": "src/pages/WidgetPage.tsx",
  "/twitchcountdownwidget": "src/pages/WidgetPage.tsx",
  "/twitchcotdwidget": "src/pages/WidgetPage.tsx",
  "/twitchheartwidget": "src/pages/WidgetPage.tsx",
  "/twitch/callback": "src/pages/TwitchCallbackPage.tsx",
  "/twitch/fallback": "src/pages/TwitchCallbackPage.tsx",
  "/account": "src/pages/AccountPage.tsx",
  "/404": "src/pages/NotFoundPage.tsx",
  // Every project's page (project-pages.mjs), budgeted as one.
  "/projects/{slug}": "src/pages/ProjectPage.tsx",
};

/** Pages that show the project list and so carry the build-time snapshot. */
export const WITH_PROJECTS = new Set(["/", "/calendar", "/admin/settings"]);

/**
 * Chunks a page fetches itself before it hydrates (not preloaded by its HTML): a widget page's prerendered
 * builder (WidgetPage's preloadPrerenderedView), the admin gate (main.tsx's preloadForPath). A page without
 * the snapshot fetches the built-in data alongside, not before (main.tsx).
 */
export function loadedBeforeHydration(path) {
  const own = FETCHED_FIRST[path];
  return own ? [own] : [];
}

const FETCHED_FIRST = {
  // For a visitor; a signed-in user's visit fetches the panel alongside (routes/pages.ts).
  "/admin/settings": "src/pages/AdminRoute.tsx",
  "/twitchchatwidget": "src/tools/widgets/screens/ChatScreen.tsx",
  "/twitchcountdownwidget": "src/tools/widgets/screens/CountdownScreen.tsx",
  "/twitchcotdwidget": "src/tools/widgets/screens/CatScreen.tsx",
  "/twitchheartwidget": "src/tools/widgets/screens/HeartScreen.tsx",
};

/** An overlay's address (an OBS source) runs the overlay's own entry and its widget's chunk, none of the site. */
export const OVERLAY_SOURCES = {
  "/twitchchatwidget": "src/tools/widgets/chat/ChatWidget.tsx",
  "/twitchcountdownwidget": "src/tools/widgets/countdown/CountdownWidget.tsx",
  "/twitchcotdwidget": "src/tools/widgets/cat/CatWidget.tsx",
  "/twitchheartwidget": "src/tools/widgets/heart/HeartWidget.tsx",
};
export const OVERLAY_ENTRY = "src/widget-overlay.tsx";
