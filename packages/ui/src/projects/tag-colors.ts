/**
 * Tag colours by language or technology name (spec section 9: the mapping is ours; default grey).
 * Full class strings so Tailwind sees them; every pair passes WCAG AA contrast in both themes.
 */
const PALETTE = {
  blue: "bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200",
  sky: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200",
  cyan: "bg-cyan-100 text-cyan-800 dark:bg-cyan-950 dark:text-cyan-200",
  yellow: "bg-yellow-100 text-yellow-800 dark:bg-yellow-950 dark:text-yellow-200",
  green: "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200",
  emerald: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  purple: "bg-purple-100 text-purple-800 dark:bg-purple-950 dark:text-purple-200",
  violet: "bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200",
  indigo: "bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200",
  pink: "bg-pink-100 text-pink-800 dark:bg-pink-950 dark:text-pink-200",
  red: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  orange: "bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-200",
  amber: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200",
  teal: "bg-teal-100 text-teal-800 dark:bg-teal-950 dark:text-teal-200",
  gray: "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
} as const;

export type TagColor = keyof typeof PALETTE;

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
  return PALETTE[tagColor(tag)];
}
