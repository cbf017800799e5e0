export * from "./database.ts";
export * from "./schema.ts";
export { MIGRATIONS, migrationProvider } from "./migrations/index.ts";
