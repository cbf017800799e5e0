/**
 * What the History panel shows, for any thing with a history (a project now; the site settings and roles
 * later): which fields a version changed from the one before, what a restore would change, and how a value
 * reads. Fields are compared generically (`changedKeys` from the core, as the server compares them), so a
 * new kind of thing needs only its field labels.
 */
import { changedKeys, type HistoryItem } from "@portfolio/core/domain";

/** Labels of a thing's fields; a field without one shows its name in words ('isArchived' → 'Is archived'). */
export type FieldLabels<F> = Partial<Record<Extract<keyof F, string>, string>>;

export interface FieldChange {
  key: string;
  label: string;
  /** The value as it reads now (or in the version before). */
  before: string;
  after: string;
}

export function fieldLabel<F>(key: string, labels: FieldLabels<F>): string {
  const own = (labels as Record<string, string | undefined>)[key];
  if (own) return own;
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Any field value in words: empty text and null as '(empty)', yes/no, lists joined with commas. A record
 * with a name (a social link) reads 'GitHub: url, handle', and a list of them is joined with semicolons.
 */
export function formatFieldValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) {
    if (value.length === 0) return "(none)";
    const records = value.some((v) => typeof v === "object" && v !== null);
    return value.map((v) => formatFieldValue(v)).join(records ? "; " : ", ");
  }
  if (typeof value === "object") return formatRecord(value as Record<string, unknown>);
  return String(value);
}

function formatRecord(record: Record<string, unknown>): string {
  const { name, ...rest } = record;
  const values = Object.values(rest)
    .filter((v) => v !== null && v !== undefined && v !== "")
    .map((v) => formatFieldValue(v));
  if (typeof name !== "string") return values.length === 0 ? "(empty)" : values.join(", ");
  return `${name}: ${values.length === 0 ? "(empty)" : values.join(", ")}`;
}

/** The fields that differ from `before` to `after`, with both values in words, in the order of `after`. */
export function fieldChanges<F extends object>(before: F, after: F, labels: FieldLabels<F>): FieldChange[] {
  return changedKeys(before, after).map((key) => ({
    key: String(key),
    label: fieldLabel(String(key), labels),
    before: formatFieldValue(before[key]),
    after: formatFieldValue(after[key]),
  }));
}

/**
 * For each loaded version (newest first), what it changed from the version before it. The oldest loaded
 * version has no version before it on screen: `null` there means 'not known yet' while older pages
 * remain, and 'the first version' once there are none.
 */
export function versionChanges<F extends object>(
  items: readonly HistoryItem<F>[],
  labels: FieldLabels<F>,
): (FieldChange[] | null)[] {
  return items.map((item, index) => {
    const older = items[index + 1];
    return older ? fieldChanges(older.fields, item.fields, labels) : null;
  });
}

const ACTIONS: Record<string, string> = {
  create: "Created",
  edit: "Edited",
  restore: "Restored an earlier version",
  untrash: "Restored from the trash",
  "before-history": "As it stood when history began",
};

/** 'Edited by ada', 'Created by the system'; an unknown action reads 'Changed'. */
export function describeVersion(item: Pick<HistoryItem<unknown>, "action" | "actor">): string {
  const what = ACTIONS[item.action] ?? "Changed";
  if (item.action === "before-history") return what;
  return `${what} by ${item.actor ? item.actor.username : "the system"}`;
}
