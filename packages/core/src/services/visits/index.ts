export * from "./analytics.service.ts";
export * from "./visit-batch.ts";
export * from "./visit-counter.ts";
export * from "./visit-rules.ts";
export * from "./visit-salts.table.ts";
export * from "./visits-retention.ts";
