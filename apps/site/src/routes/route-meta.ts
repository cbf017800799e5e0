/**
 * Every client route with its prerendered file and head tags. The prerender script writes one HTML file
 * per entry; the server (or any static host) answers each path from that file.
 */
import { SITE_SETTINGS } from "../settings/site-settings.ts";
import { cleanPath, ROUTE_TITLES } from "./route-titles.ts";

export interface RouteMeta {
  /** The route's path (all static: routes/pages.ts matches them). */
  path: string;
  /** Output file inside dist/, e.g. "login.html". */
  file: string;
  title: string;
  description: string;
  /** Listed in sitemap.xml and indexable. */
  indexable: boolean;
}

const name = SITE_SETTINGS.ownerName;

export const ROUTE_META: readonly RouteMeta[] = [
  {
    path: "/",
    file: "index.html",
    title: ROUTE_TITLES["/"],
    description: `${name}'s portfolio: bots, stream widgets and web apps, with code and live demos. ${SITE_SETTINGS.tagline}`,
    indexable: true,
  },
  {
    path: "/login",
    file: "login.html",
    title: ROUTE_TITLES["/login"],
    description: `Log in, create an account or reset your password on ${name}'s portfolio.`,
    indexable: true,
  },
  {
    path: "/reset-password",
    file: "reset-password.html",
    title: ROUTE_TITLES["/reset-password"],
    description: "Choose a new password for your account using the link from your e-mail.",
    indexable: false,
  },
  {
    path: "/activate-account",
    file: "activate-account.html",
    title: ROUTE_TITLES["/activate-account"],
    description: "Activate your new account using the link from your e-mail.",
    indexable: false,
  },
  {
    path: "/accept-invitation",
    file: "accept-invitation.html",
    title: ROUTE_TITLES["/accept-invitation"],
    description: "Accept your invitation: choose a password to activate your account.",
    indexable: false,
  },
  {
    path: "/confirm-email",
    file: "confirm-email.html",
    title: ROUTE_TITLES["/confirm-email"],
    description: "Confirm your new e-mail address using the link from your e-mail.",
    indexable: false,
  },
  {
    path: "/calendar",
    file: "calendar.html",
    title: ROUTE_TITLES["/calendar"],
    description: `A month-by-month calendar of ${name}'s project activity: what was started and updated when.`,
    indexable: true,
  },
  {
    path: "/privacy",
    file: "privacy.html",
    title: ROUTE_TITLES["/privacy"],
    description: `What ${name}'s portfolio counts about visits, and what it does not: no cookies, no addresses kept.`,
    indexable: true,
  },
  {
    path: "/playlist-shuffler",
    file: "playlist-shuffler.html",
    title: ROUTE_TITLES["/playlist-shuffler"],
    description: "Shuffle any public YouTube playlist properly and play it right here.",
    indexable: true,
  },
  {
    path: "/twitchchatwidget",
    file: "twitchchatwidget.html",
    title: ROUTE_TITLES["/twitchchatwidget"],
    description: "A transparent Twitch chat overlay for streams.",
    indexable: false,
  },
  {
    path: "/twitchcountdownwidget",
    file: "twitchcountdownwidget.html",
    title: ROUTE_TITLES["/twitchcountdownwidget"],
    description: "A countdown overlay for stream starts and breaks.",
    indexable: false,
  },
  {
    path: "/twitchcotdwidget",
    file: "twitchcotdwidget.html",
    title: ROUTE_TITLES["/twitchcotdwidget"],
    description: "A new cat picture every day, the same for every viewer.",
    indexable: false,
  },
  {
    path: "/twitchheartwidget",
    file: "twitchheartwidget.html",
    title: ROUTE_TITLES["/twitchheartwidget"],
    description: "The streamer's live heart rate as a stream overlay.",
    indexable: false,
  },
  {
    path: "/twitch/callback",
    file: "twitch/callback.html",
    title: ROUTE_TITLES["/twitch/callback"],
    description: "Finishing the Twitch authorization.",
    indexable: false,
  },
  {
    path: "/twitch/fallback",
    file: "twitch/fallback.html",
    title: ROUTE_TITLES["/twitch/fallback"],
    description: "Finishing the Twitch authorization.",
    indexable: false,
  },
  {
    path: "/admin/settings",
    file: "admin/settings.html",
    title: ROUTE_TITLES["/admin/settings"],
    description: `${name}'s portfolio administration.`,
    indexable: false,
  },
  {
    path: "/account",
    file: "account.html",
    title: ROUTE_TITLES["/account"],
    description: "Change your password and see and end your sessions.",
    indexable: false,
  },
  {
    path: "/404",
    file: "404.html",
    title: ROUTE_TITLES["/404"],
    description: "This page has gone extinct.",
    indexable: false,
  },
];

export const NOT_FOUND_META = ROUTE_META.find((route) => route.path === "/404") as RouteMeta;

export function metaForPath(pathname: string): RouteMeta {
  const clean = cleanPath(pathname);
  return ROUTE_META.find((route) => route.path === clean) ?? NOT_FOUND_META;
}
