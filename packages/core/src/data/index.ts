export * from "./backup.ts";
export * from "./database.ts";
export * from "./dialect.ts";
export * from "./schema.ts";
export { MIGRATIONS, migrationProvider } from "./migrations/index.ts";
export * from "./rate-counts.ts";
export * from "./unsynced-writes.ts";
export * from "./wal-checkpointer.ts";
