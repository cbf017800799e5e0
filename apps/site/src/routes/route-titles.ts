/**
 * Each route's tab title, which the client sets on navigation (App.tsx). Apart from route-meta.ts, whose
 * files, descriptions and sitemap flags only the prerender needs: the first page load carries just these.
 */
import { SITE_SETTINGS } from "../settings/site-settings.ts";

const name = SITE_SETTINGS.ownerName;

export const ROUTE_TITLES = {
  "/": `${name} | Software Developer Portfolio`,
  "/login": `Login | ${name}`,
  "/reset-password": `Reset Password | ${name}`,
  "/activate-account": `Activate Account | ${name}`,
  "/accept-invitation": `Accept Invitation | ${name}`,
  "/confirm-email": `Confirm E-mail Address | ${name}`,
  "/calendar": `Project Calendar | ${name}`,
  "/privacy": `Privacy | ${name}`,
  "/playlist-shuffler": `Playlist Shuffler | ${name}`,
  "/twitchchatwidget": `Chat Box Widget | ${name}`,
  "/twitchcountdownwidget": `Countdown Widget | ${name}`,
  "/twitchcotdwidget": `Cat of the Day Widget | ${name}`,
  "/twitchheartwidget": `Heart Rate Widget | ${name}`,
  "/twitch/callback": `Twitch Authorization | ${name}`,
  "/twitch/fallback": `Twitch Authorization | ${name}`,
  "/admin/settings": `Admin Panel | ${name}`,
  "/account": `Your Account | ${name}`,
  "/404": `Page Not Found | ${name}`,
} as const satisfies Record<string, string>;

export type RoutePath = keyof typeof ROUTE_TITLES;

/** The path as the route table spells it: without trailing slashes (except the root itself). */
export function cleanPath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/** The title of the route at `pathname`; an unknown path shows the 404 page. */
export function titleForPath(pathname: string): string {
  const clean = cleanPath(pathname);
  return Object.hasOwn(ROUTE_TITLES, clean) ? ROUTE_TITLES[clean as RoutePath] : ROUTE_TITLES["/404"];
}
