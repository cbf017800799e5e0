/**
 * Validation of the owner's public profile, as the admin panel edits it and the server stores it. Kept apart
 * from site-profile.ts so pages that only read the profile do not bundle zod.
 */
import { z } from "zod";
import { withoutControlCharacters } from "./control-characters.ts";
import { isHttpUrl } from "./links.ts";
import { SOCIAL_NETWORKS } from "./site-profile.ts";

const httpUrl = (field: string) =>
  z
    .string({ error: `${field} is required.` })
    .trim()
    .refine(...withoutControlCharacters(field))
    .refine(isHttpUrl, `${field} must be an http(s) URL.`);

export const siteProfileSchema = z.object({
  ownerName: z
    .string({ error: "Display name is required." })
    .trim()
    .min(1, "Display name is required.")
    .max(80, "Display name must be at most 80 characters.")
    .refine(...withoutControlCharacters("Display name")),
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
    .refine(...withoutControlCharacters("Business email"))
    .pipe(z.email({ error: "Business email must be a valid email address." })),
  socialLinks: z
    .array(
      z.object({
        name: z.enum(SOCIAL_NETWORKS, { error: `Social link name must be one of ${SOCIAL_NETWORKS.join(", ")}.` }),
        url: httpUrl("Social link URL"),
        handle: z
          .string({ error: "Social link handle is required." })
          .trim()
          .max(60, "Social link handle is too long.")
          .refine(...withoutControlCharacters("Social link handle")),
      }),
      { error: "Social links must be a list." },
    )
    .max(SOCIAL_NETWORKS.length, `At most ${SOCIAL_NETWORKS.length} social links.`),
  streamingSiteUrl: httpUrl("Streaming site URL"),
  tagline: z
    .string({ error: "Tagline is required." })
    .trim()
    .max(200, "Tagline must be at most 200 characters.")
    .refine(...withoutControlCharacters("Tagline")),
});
