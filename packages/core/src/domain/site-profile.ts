/**
 * The owner's public profile: display name, birth date (drives the age figure), business e-mail, social
 * links and the streaming site. Defaults live here once; the owner edits them in the admin panel's Settings
 * tab and the server stores them. Browser-safe and import-free, so the public home page can use the defaults
 * without pulling zod into its bundle (the schema is in site-profile-schema.ts).
 */
export const SOCIAL_NETWORKS = ["GitHub", "LinkedIn", "YouTube", "Twitch"] as const;

export interface SocialLink {
  /** Visible name and accessible label, e.g. "GitHub". */
  name: (typeof SOCIAL_NETWORKS)[number];
  url: string;
  handle: string;
}

export interface SiteProfile {
  ownerName: string;
  /** ISO date (YYYY-MM-DD), read as local midnight so the birthday is the same day everywhere. */
  birthDate: string;
  businessEmail: string;
  socialLinks: SocialLink[];
  /** Where the Twitch callback sends the visitor after a successful authorization. */
  streamingSiteUrl: string;
  tagline: string;
}

export const DEFAULT_SITE_PROFILE: SiteProfile = {
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
  tagline: "I build chat bots, stream widgets and web apps, and I like shipping them.",
};

/** The birth date as a local-time Date (midnight). */
export function birthDateOf(profile: Pick<SiteProfile, "birthDate">): Date {
  const [year, month, day] = profile.birthDate.split("-").map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}
