// Summaries and number formatting shared by the benches' reports.

export const fmt = (value, digits = 1) => (value == null || Number.isNaN(value) ? "n/a" : value.toFixed(digits));
/** Each round's figure, one decimal each (not `values.map(fmt)`: map's index would be taken for the digits). */
export const fmtRounds = (values) => values.map((value) => fmt(value)).join(", ");

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentile. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** A bench setting from the environment: the fallback when unset, an error naming the variable when invalid. */
export function numberFromEnv(name, fallback, { integer = true, allowZero = false } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  const inRange = allowZero ? value >= 0 : value > 0;
  if (!inRange || (integer ? !Number.isInteger(value) : !Number.isFinite(value))) {
    throw new Error(
      `${name} must be a ${allowZero ? "non-negative" : "positive"} ${integer ? "integer" : "number"}, got "${raw}"`,
    );
  }
  return value;
}
