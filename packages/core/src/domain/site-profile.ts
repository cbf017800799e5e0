/**
 * The owner's public profile: display name, birth date (drives the age figure), business e-mail, social
 * links and the streaming site. Defaults live here once; the owner edits them in the admin panel's Settings
 * tab and the server stores them. Browser-safe.
 */
import { z } from "zod";
import { isHttpUrl } from "./validation.ts";

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

const httpUrl = (field: string) =>
  z
    .string({ error: `${field} is required.` })
    .trim()
    .refine(isHttpUrl, `${field} must be an http(s) URL.`);

export const siteProfileSchema = z.object({
  ownerName: z
    .string({ error: "Display name is required." })
    .trim()
    .min(1, "Display name is required.")
    .max(80, "Display name must be at most 80 characters."),
  birthDate: z
    .string({ error: "Birth date is required." })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Birth date must be a date (YYYY-MM-DD).")
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date.getTime() < Date.now();
    }, "Birth date must be a real date in the past."),
  businessEmail: z
    .string({ error: "Business email is required." })
    .trim()
    .pipe(z.email({ error: "Business email must be a valid email address." })),
  socialLinks: z
    .array(
      z.object({
        name: z.enum(SOCIAL_NETWORKS, { error: `Social link name must be one of ${SOCIAL_NETWORKS.join(", ")}.` }),
        url: httpUrl("Social link URL"),
        handle: z
          .string({ error: "Social link handle is required." })
          .trim()
          .max(60, "Social link handle is too long."),
      }),
      { error: "Social links must be a list." },
    )
    .max(SOCIAL_NETWORKS.length, `At most ${SOCIAL_NETWORKS.length} social links.`),
  streamingSiteUrl: httpUrl("Streaming site URL"),
  tagline: z.string({ error: "Tagline is required." }).trim().max(200, "Tagline must be at most 200 characters."),
});
