/**
 * The Settings tab's sections: each its own page with an address, `#settings/<section>`.
 * `#settings` alone opens the first one. Twitch and Security are the owner's alone (policy actions twitch.connect
 * and settings.security).
 */
import { decide } from "@portfolio/core/domain";

export const SETTINGS_SECTIONS = ["roles", "site", "twitch", "security", "account", "sessions"] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const SECTION_LABELS: Record<SettingsSection, string> = {
  roles: "Roles",
  site: "Site",
  twitch: "Twitch",
  security: "Security",
  account: "Account",
  sessions: "Sessions and devices",
};

export const SECTION_DESCRIPTIONS: Record<SettingsSection, string> = {
  roles: "Saving a role updates its members: users saved with this role.",
  site: "What the public site shows about you. Only the owner changes it.",
  twitch: "Authorize the stream widgets to read your Twitch chat.",
  security: "How staff sign in. Only the owner changes it.",
  account: "Your password.",
  sessions: "Where you are logged in, and the desktop apps connected to your account.",
};

/** The sections only some may open, and the policy action that opens each. */
const SECTION_ACTIONS = { twitch: "twitch.connect", security: "settings.security" } as const;

/** Every other section for everyone in the panel; Twitch and Security only for whoever may use them. */
export function visibleSections(permissions: readonly string[]): SettingsSection[] {
  const actor = { kind: "user", id: "", permissions } as const;
  return SETTINGS_SECTIONS.filter((section) => {
    const action = section === "twitch" || section === "security" ? SECTION_ACTIONS[section] : undefined;
    return action === undefined || decide(actor, action).allowed;
  });
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
