/**
 * The Settings tab's sections (issue 22 §5): each its own page with an address, `#settings/<section>`.
 * `#settings` alone opens the first one. Twitch is the owner's alone (policy action twitch.connect).
 */
import { decide } from "@portfolio/core/domain";

export const SETTINGS_SECTIONS = ["roles", "site", "twitch", "account", "sessions"] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const SECTION_LABELS: Record<SettingsSection, string> = {
  roles: "Roles",
  site: "Site",
  twitch: "Twitch",
  account: "Account",
  sessions: "Sessions and devices",
};

export const SECTION_DESCRIPTIONS: Record<SettingsSection, string> = {
  roles: "Saving a role updates its members: users saved with this role.",
  site: "What the public site shows about you. Only the owner changes it.",
  twitch: "Authorize the stream widgets to read your Twitch chat.",
  account: "Your password.",
  sessions: "Where you are logged in, and the desktop apps connected to your account.",
};

/** Every section but Twitch for everyone in the panel; Twitch only for whoever may connect it. */
export function visibleSections(permissions: readonly string[]): SettingsSection[] {
  const twitch = decide({ kind: "user", id: "", permissions }, "twitch.connect").allowed;
  return SETTINGS_SECTIONS.filter((section) => section !== "twitch" || twitch);
}

/** The hash that opens a section. */
export function sectionHash(section: SettingsSection): string {
  return `#settings/${section}`;
}

/** The section named by '#settings/<section>' if the viewer may see it; else the first one. */
export function sectionFromHash(hash: string, visible: readonly SettingsSection[]): SettingsSection {
  const [, name = ""] = hash.replace(/^#/, "").toLowerCase().split("/");
  return visible.find((section) => section === name) ?? visible[0] ?? "roles";
}
