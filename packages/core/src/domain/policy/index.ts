export * from "./actions.ts";
export * from "./anyone.ts";
export * from "./decide.ts";
export * from "./permissions.rules.ts";
export * from "./roles.rules.ts";
export * from "./users.rules.ts";
