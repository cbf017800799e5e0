/**
 * Static migration list: a folder scan does not survive bundling (server bundle, Electron main), so each
 * migration is imported by name. Names are date-stamped and sort in the order they run.
 */
import type { Migration, MigrationProvider } from "kysely";
import * as initial from "./2026-11-21-001-initial.ts";
import * as twitch from "./2026-11-21-002-twitch.ts";

export const MIGRATIONS: Record<string, Migration> = {
  "2026-11-21-001-initial": initial,
  "2026-11-21-002-twitch": twitch,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
