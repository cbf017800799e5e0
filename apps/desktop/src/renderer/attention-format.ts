/**
 * 'Needs attention' shows each conflict field by field, mine next to the server's. Values arrive as
 * stored (strings, booleans, tag lists); this turns them into readable text, and says plainly when one
 * side deleted the project.
 */
import type { AttentionItem } from "../shared/desktop-operations.ts";

const FIELD_LABELS: Record<string, string> = {
  title: "Title",
  description: "Description",
  github: "GitHub link",
  externalLink: "External link",
  isArchived: "Archived",
  isLatest: "Latest",
  tags: "Tags",
};

export const DELETED_HERE = "Deleted on this computer";
export const DELETED_ON_SERVER = "Deleted on the server";
export const EMPTY_VALUE = "(empty)";

/** 'externalLink' → 'External link'; unknown names are split at their capitals. */
export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function formatValue(value: unknown): string {
  if (value === undefined || value === null || value === "") return EMPTY_VALUE;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.length === 0 ? EMPTY_VALUE : value.map((v) => formatValue(v)).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export interface ConflictRow {
  field: string;
  label: string;
  mine: string;
  server: string;
}

/** A delete made here carries no fields: `mine` is empty for it. */
export function isDeleteHere(item: Pick<AttentionItem, "mine">): boolean {
  return Object.keys(item.mine).length === 0;
}

/**
 * One row per conflicting field (or, when no field is named, each field of my change). A side that
 * deleted the project says so instead of a value.
 */
export function conflictRows(item: Pick<AttentionItem, "fields" | "mine" | "server">): ConflictRow[] {
  const deletedHere = isDeleteHere(item);
  const fields = item.fields.length > 0 ? item.fields : Object.keys(item.mine);
  return fields.map((field) => ({
    field,
    label: fieldLabel(field),
    mine: deletedHere ? DELETED_HERE : formatValue(item.mine[field]),
    server: item.server === null ? DELETED_ON_SERVER : formatValue(item.server[field]),
  }));
}

/** What my rejected change carried, to show next to the server's reason before discarding it. */
export function changeRows(item: Pick<AttentionItem, "fields" | "mine">): Array<{ label: string; value: string }> {
  if (isDeleteHere(item)) return [{ label: "Change", value: DELETED_HERE }];
  const fields = Object.keys(item.mine);
  return fields.map((field) => ({ label: fieldLabel(field), value: formatValue(item.mine[field]) }));
}
