/** The code-split pages. Only Home is in the main chunk. */
import { hasCookie, SESSION_HINT_COOKIE } from "@portfolio/ui";
import { lazyPage } from "./lazy-page.tsx";

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
export const NotFoundPage = lazyPage(() => import("../pages/NotFoundPage.tsx"));
export const TwitchCallbackPage = lazyPage(() => import("../pages/TwitchCallbackPage.tsx"));
export const AdminPanelPage = lazyPage(() => import("../pages/AdminPanelPage.tsx"), {
  loadingScreen: true,
  label: "Loading the admin panel",
});
/**
 * /admin/settings: decides between the panel, Home and a redirect once the session is known. A visitor
 * who is likely logged in gets the panel's chunk fetched alongside, not after it.
 */
export const AdminGatePage = lazyPage(() => {
  if (sessionLikely()) AdminPanelPage.preload().catch(() => undefined); // LazyRoute reports a failure itself
  return import("../pages/AdminRoute.tsx");
});

/** The readable logged-in hint (never trusted: only used to start loading the panel early). */
export function sessionLikely(): boolean {
  return typeof document !== "undefined" && hasCookie(document.cookie, SESSION_HINT_COOKIE);
}

/** Which lazy page a path shows first (for preloading before hydration). The admin page starts as Home. */
const BY_PATH: Record<string, { preload(): Promise<void> }> = {
  "/login": LoginPage,
  "/reset-password": ResetPasswordPage,
  "/activate-account": ActivateAccountPage,
  "/accept-invitation": AcceptInvitationPage,
  "/confirm-email": ConfirmEmailPage,
  "/calendar": CalendarPage,
  "/playlist-shuffler": PlaylistShufflerPage,
  "/twitchchatwidget": WidgetPage,
  "/twitchcountdownwidget": WidgetPage,
  "/twitchcotdwidget": WidgetPage,
  "/twitchheartwidget": WidgetPage,
  "/twitch/callback": TwitchCallbackPage,
  "/twitch/fallback": TwitchCallbackPage,
  "/admin/settings": AdminGatePage,
  "/account": AccountPage,
};

export function preloadForPath(pathname: string): Promise<void> {
  const clean = (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname).toLowerCase();
  if (clean === "/") return Promise.resolve(); // Home is in the main chunk
  return (BY_PATH[clean] ?? NotFoundPage).preload();
}

export async function preloadAll(): Promise<void> {
  await Promise.all([...new Set(Object.values(BY_PATH)), AdminPanelPage, NotFoundPage].map((page) => page.preload()));
}
