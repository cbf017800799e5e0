/** The code-split pages. Only Home is in the main chunk. */
import { slugOfProjectPath } from "@portfolio/core/domain";
import { AdminPanelPage, sessionLikely } from "./admin-panel-page.ts";
import { type LazyPage, lazyPage } from "./lazy-page.tsx";

export const LoginPage = lazyPage(() => import("../pages/LoginPage.tsx"));
export const ResetPasswordPage = lazyPage(() => import("../pages/ResetPasswordPage.tsx"));
export const ActivateAccountPage = lazyPage(() => import("../pages/ActivateAccountPage.tsx"));
export const AcceptInvitationPage = lazyPage(() => import("../pages/AcceptInvitationPage.tsx"));
export const ConfirmEmailPage = lazyPage(() => import("../pages/ConfirmEmailPage.tsx"));
export const CalendarPage = lazyPage(() => import("../pages/CalendarPage.tsx"));
export const PlaylistShufflerPage = lazyPage(() => import("../pages/PlaylistShufflerPage.tsx"), {
  loadingScreen: true,
  label: "Loading the shuffler",
});
export const WidgetPage = lazyPage<Record<string, never>>(() =>
  import("../pages/WidgetPage.tsx").then(async (module) => {
    // With its prerendered builder's chunk, so hydration renders the builder in the same pass.
    if (typeof window !== "undefined") {
      await module.preloadPrerenderedView(window.location.pathname).catch(() => undefined);
    }
    return { default: module.default };
  }),
);
export const AccountPage = lazyPage(() => import("../pages/AccountPage.tsx"));
export const PrivacyPage = lazyPage(() => import("../pages/PrivacyPage.tsx"));
export const NotFoundPage = lazyPage(() => import("../pages/NotFoundPage.tsx"));
/** /projects/<slug>: one prerendered file per project (the export), or rendered by the server. */
export const ProjectPage = lazyPage(() => import("../pages/ProjectPage.tsx"));
export const TwitchCallbackPage = lazyPage(() => import("../pages/TwitchCallbackPage.tsx"));
/**
 * /admin/settings: decides between the panel, Home and a redirect once the session is known. A visitor
 * who is likely logged in gets the panel's chunk fetched alongside, not after it.
 */
export const AdminGatePage = lazyPage(() => {
  if (sessionLikely()) AdminPanelPage.preload().catch(() => undefined); // LazyRoute reports a failure itself
  return import("../pages/AdminRoute.tsx");
});

/** The page of each route but Home, by path (spec section 2; one prerendered file each: route-meta.ts). */
const BY_PATH: Record<string, LazyPage> = {
  "/login": LoginPage,
  "/reset-password": ResetPasswordPage,
  "/activate-account": ActivateAccountPage,
  "/accept-invitation": AcceptInvitationPage,
  "/confirm-email": ConfirmEmailPage,
  "/calendar": CalendarPage,
  "/privacy": PrivacyPage,
  "/playlist-shuffler": PlaylistShufflerPage,
  "/twitchchatwidget": WidgetPage,
  "/twitchcountdownwidget": WidgetPage,
  "/twitchcotdwidget": WidgetPage,
  "/twitchheartwidget": WidgetPage,
  "/twitch/callback": TwitchCallbackPage,
  "/twitch/fallback": TwitchCallbackPage,
  "/admin/settings": AdminGatePage, // starts as Home until the session is known
  "/account": AccountPage,
  "/404": NotFoundPage,
};

/**
 * The code-split page at `pathname`, or null for Home (in the main chunk). Paths match without regard to
 * case or trailing slashes; a project's address shows the project page (which shows the 404 page when
 * the document is not that project's); any other path shows the 404 page.
 */
export function pageForPath(pathname: string): LazyPage | null {
  const clean = pathname.replace(/\/+$/, "").toLowerCase();
  if (clean === "") return null;
  if (slugOfProjectPath(clean) !== null) return ProjectPage;
  return Object.hasOwn(BY_PATH, clean) ? (BY_PATH[clean] as LazyPage) : NotFoundPage;
}

/** Loads the page a path shows first, before hydration. */
export function preloadForPath(pathname: string): Promise<void> {
  return pageForPath(pathname)?.preload() ?? Promise.resolve();
}

export async function preloadAll(): Promise<void> {
  await Promise.all([...new Set(Object.values(BY_PATH)), AdminPanelPage, ProjectPage].map((page) => page.preload()));
}
