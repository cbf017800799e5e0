/**
 * The owner's details in one place (a later issue makes them editable from the admin panel).
 * Components read them from here; nothing else hard-codes the owner's name, dates or links.
 */

export interface SocialLink {
  /** Visible name and accessible label, e.g. "GitHub". */
  name: "GitHub" | "LinkedIn" | "YouTube" | "Twitch";
  url: string;
  handle: string;
}

export interface SiteSettings {
  ownerName: string;
  /** ISO date (YYYY-MM-DD), read as local midnight. */
  birthDate: string;
  businessEmail: string;
  socialLinks: readonly SocialLink[];
  /** Where the Twitch callback sends the visitor after a successful authorization. */
  streamingSiteUrl: string;
  /** Public address of the site, for canonical links, the sitemap and Open Graph (overridable at build). */
  siteUrl: string;
  tagline: string;
}

export const SITE_SETTINGS: SiteSettings = {
  ownerName: "Alex Morgan",
  birthDate: "2005-11-14",
  businessEmail: "business@alexmorgan.dev",
  socialLinks: [
    { name: "GitHub", url: "https://github.com/portfolio-owner", handle: "@portfolio-owner" },
    { name: "LinkedIn", url: "https://www.linkedin.com/in/portfolio-owner", handle: "in/portfolio-owner" },
    { name: "YouTube", url: "https://www.youtube.com/@portfolio-owner", handle: "@portfolio-owner" },
    { name: "Twitch", url: "https://www.twitch.tv/portfolio_owner", handle: "portfolio_owner" },
  ],
  streamingSiteUrl: "https://www.twitch.tv/portfolio_owner",
  siteUrl: "https://alexmorgan.dev",
  tagline: "I build chat bots, stream widgets and web apps, and I like shipping them.",
};

/** The birth date as a local-time Date (midnight), so the birthday is 14 November wherever the visitor is. */
export function birthDateOf(settings: SiteSettings = SITE_SETTINGS): Date {
  const [year, month, day] = settings.birthDate.split("-").map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}
