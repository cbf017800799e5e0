/**
 * The permission catalogue of spec section 6 and the one permission check every layer uses.
 * Browser-safe: no Node imports.
 */

export const OWNER_OVERRIDE = "override:owner";

export const PERMISSION_NAMES = [
  "website:view",
  "website:admin:view",
  "website:projects:edit",
  "analytics:view",
  "projects:view",
  "projects:create",
  "projects:edit",
  "projects:delete",
  "users:view",
  "users:edit",
  "users:delete",
  "users:permissions",
  OWNER_OVERRIDE,
] as const;

export type PermissionName = (typeof PERMISSION_NAMES)[number];

export type PermissionCategory = "Website" | "Projects" | "User Management" | "System" | "Unknown";

export interface PermissionDefinition {
  name: string;
  description: string;
  level: number;
  category: PermissionCategory;
  /** Tailwind-friendly colour name used for chips in the admin panel. */
  color: string;
}

const CATALOGUE: readonly PermissionDefinition[] = [
  { name: "website:view", description: "View the public website", level: 1, category: "Website", color: "gray" },
  {
    name: "website:admin:view",
    description: "Open the admin panel",
    level: 50,
    category: "Website",
    color: "blue",
  },
  {
    name: "website:projects:edit",
    description: "Edit and delete projects from the home page",
    level: 60,
    category: "Website",
    color: "indigo",
  },
  {
    name: "analytics:view",
    description: "See visitor analytics in the Dashboard",
    level: 55,
    category: "Website",
    color: "teal",
  },
  { name: "projects:view", description: "See the projects tab", level: 50, category: "Projects", color: "green" },
  { name: "projects:create", description: "Create projects", level: 65, category: "Projects", color: "emerald" },
  { name: "projects:edit", description: "Edit projects", level: 70, category: "Projects", color: "yellow" },
  { name: "projects:delete", description: "Delete projects", level: 80, category: "Projects", color: "red" },
  { name: "users:view", description: "See the users tab", level: 60, category: "User Management", color: "cyan" },
  {
    name: "users:edit",
    description: "Activate and edit users, reset their passwords, edit roles",
    level: 70,
    category: "User Management",
    color: "orange",
  },
  { name: "users:delete", description: "Delete users", level: 80, category: "User Management", color: "rose" },
  {
    name: "users:permissions",
    description: "Change the permissions of users",
    level: 90,
    category: "User Management",
    color: "purple",
  },
  {
    name: OWNER_OVERRIDE,
    description: "All access (cannot be granted by others)",
    level: 1000,
    category: "System",
    color: "amber",
  },
];

const BY_NAME = new Map(CATALOGUE.map((definition) => [definition.name, definition]));

export const PERMISSION_CATALOGUE: readonly PermissionDefinition[] = CATALOGUE;

export function isKnownPermission(name: string): name is PermissionName {
  return BY_NAME.has(name);
}

/** The definition of a permission; unknown names show category Unknown and level 0. */
export function describePermission(name: string): PermissionDefinition {
  return BY_NAME.get(name) ?? { name, description: "Unknown permission", level: 0, category: "Unknown", color: "gray" };
}

/** True if the list holds override:owner or the named permission; a missing or non-list set gives false. */
export function hasPermission(permissions: unknown, permission: string): boolean {
  if (!Array.isArray(permissions)) return false;
  return permissions.includes(OWNER_OVERRIDE) || permissions.includes(permission);
}

/** Groups permissions by category for display, keeping catalogue order inside each group. */
export function groupPermissionsByCategory(permissions: readonly string[]): Record<string, PermissionDefinition[]> {
  const groups: Record<string, PermissionDefinition[]> = {};
  const sorted = [...new Set(permissions)].map(describePermission).sort(byCatalogueOrder);
  for (const definition of sorted) {
    const group = groups[definition.category] ?? [];
    group.push(definition);
    groups[definition.category] = group;
  }
  return groups;
}

function byCatalogueOrder(a: PermissionDefinition, b: PermissionDefinition): number {
  const index = (d: PermissionDefinition) => {
    const i = CATALOGUE.indexOf(BY_NAME.get(d.name) as PermissionDefinition);
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  return index(a) - index(b) || a.name.localeCompare(b.name);
}
