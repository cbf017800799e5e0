export * from "./define.ts";
export * from "./parse.ts";
export * from "./registry.ts";
