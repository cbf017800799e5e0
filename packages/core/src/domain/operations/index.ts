export * from "./api-docs-page.ts";
export * from "./define.ts";
export * from "./openapi.ts";
export * from "./parse.ts";
export * from "./public-reads.ops.ts";
export * from "./registry.ts";
export * from "./routes.generated.ts";
