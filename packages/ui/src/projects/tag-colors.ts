/**
 * Tag colours by language or technology name (spec section 9: the mapping is ours; default grey).
 * Each colour is one class of tag-colors.css (`tag-blue`); every pair passes WCAG AA contrast in both themes.
 */
export const TAG_COLORS = [
  "blue",
  "sky",
  "cyan",
  "yellow",
  "green",
  "emerald",
  "purple",
  "violet",
  "indigo",
  "pink",
  "red",
  "orange",
  "amber",
  "teal",
  "gray",
] as const;

export type TagColor = (typeof TAG_COLORS)[number];

const BY_TAG: Record<string, TagColor> = {
  typescript: "blue",
  javascript: "yellow",
  react: "sky",
  "node.js": "green",
  node: "green",
  express: "gray",
  python: "indigo",
  "tailwind css": "cyan",
  tailwind: "cyan",
  mongodb: "emerald",
  sqlite: "teal",
  postgresql: "blue",
  "vs code": "blue",
  twitch: "purple",
  discord: "violet",
  obs: "gray",
  websocket: "orange",
  api: "amber",
  "machine learning": "pink",
  linux: "orange",
  electron: "teal",
  html: "orange",
  css: "blue",
  rust: "orange",
  go: "cyan",
  java: "red",
  "c#": "purple",
};

export function tagColor(tag: string): TagColor {
  return BY_TAG[tag.trim().toLowerCase()] ?? "gray";
}

export function tagClasses(tag: string): string {
  return `tag-${tagColor(tag)}`;
}
