/** The built-in project list, fetched only when the live list cannot be loaded (a chunk of its own). */
export { FALLBACK_PROJECTS } from "@portfolio/core/domain";
