/**
 * Moving between a table's rows with the keyboard (Arrow Up/Down, Home, End), staying in the same column
 * (the row's header cell or one of its buttons), as the Users and Projects tabs do.
 */
import type { KeyboardEvent } from "react";
import { rowAfterKey } from "./cursor-pages.ts";

/** What the keyboard can reach in a row: the row's header cell, then the enabled action buttons. */
export function rowStops(row: Element): HTMLElement[] {
  return Array.from(row.querySelectorAll<HTMLElement>("th[tabindex], button:not(:disabled)"));
}

/** The rows of a table body marked with `data-testid={rowTestId}`. */
export function tableRows(body: HTMLElement | null, rowTestId: string): Element[] {
  return Array.from(body?.querySelectorAll(`[data-testid='${rowTestId}']`) ?? []);
}

/** Puts the focus on row `index` (its first stop). */
export function focusTableRow(body: HTMLElement | null, rowTestId: string, index: number): void {
  const row = tableRows(body, rowTestId)[index];
  if (row) rowStops(row)[0]?.focus();
}

/** The table body's keydown: an arrow key moves to the same column of the row above or below. */
export function moveBetweenRows(event: KeyboardEvent<HTMLElement>, rowTestId: string): void {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const target = event.target as HTMLElement;
  const all = tableRows(event.currentTarget, rowTestId);
  const from = all.findIndex((row) => row.contains(target));
  const to = rowAfterKey(event.key, from, all.length);
  if (from < 0 || to === null) return;
  event.preventDefault();
  const column = rowStops(all[from] as Element).indexOf(target);
  const there = rowStops(all[to] as Element);
  there[Math.min(Math.max(column, 0), there.length - 1)]?.focus();
}
