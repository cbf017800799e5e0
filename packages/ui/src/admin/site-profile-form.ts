/**
 * The general settings form: the owner's public profile (display name, birth date, business e-mail,
 * social links, tagline, streaming site). The form always has one row per social network; rows left
 * without a URL are not saved. Validation is the server's own schema, so both say the same thing.
 */
import {
  firstError,
  firstIssue,
  type SiteProfile,
  SOCIAL_NETWORKS,
  type SocialLink,
  siteProfileSchema,
} from "@portfolio/core/domain";

export type SocialNetwork = SocialLink["name"];

export function profileFormFrom(profile: SiteProfile): SiteProfile {
  return {
    ...profile,
    socialLinks: SOCIAL_NETWORKS.map(
      (name) => profile.socialLinks.find((link) => link.name === name) ?? { name, url: "", handle: "" },
    ),
  };
}

export function profileFromForm(form: SiteProfile): SiteProfile {
  return {
    ownerName: form.ownerName.trim(),
    birthDate: form.birthDate,
    businessEmail: form.businessEmail.trim(),
    tagline: form.tagline.trim(),
    streamingSiteUrl: form.streamingSiteUrl.trim(),
    socialLinks: form.socialLinks
      .map((link) => ({ name: link.name, url: link.url.trim(), handle: link.handle.trim() }))
      .filter((link) => link.url !== ""),
  };
}

/** The first problem with the profile, in the server's words, or null. */
export function profileProblem(profile: SiteProfile): string | null {
  return firstError(siteProfileSchema, profile);
}

/**
 * The first problem with the profile and the form field it belongs to: a top-level key such as
 * "businessEmail", or "socialLinks.<network>.<url|handle>" (the saved list leaves out rows without a URL,
 * so its index is mapped back to the network).
 */
export function profileFieldProblem(profile: SiteProfile): { field: string; message: string } | null {
  const issue = firstIssue(siteProfileSchema, profile);
  if (!issue) return null;
  const [key, index, part] = issue.path;
  if (key === "socialLinks" && typeof index === "number") {
    const network = profile.socialLinks[index]?.name;
    if (network) return { field: `socialLinks.${network}.${String(part ?? "url")}`, message: issue.message };
  }
  return { field: String(key ?? ""), message: issue.message };
}

export function setSocialLink(
  form: SiteProfile,
  name: SocialNetwork,
  field: "url" | "handle",
  value: string,
): SiteProfile {
  return {
    ...form,
    socialLinks: form.socialLinks.map((link) => (link.name === name ? { ...link, [field]: value } : link)),
  };
}

export function sameProfile(a: SiteProfile, b: SiteProfile): boolean {
  return JSON.stringify(profileFromForm(a)) === JSON.stringify(profileFromForm(b));
}
